CREATE SEQUENCE "public"."purchase_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "stock_count_lines" (
	"count_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"expected" numeric(14, 3) NOT NULL,
	"counted" numeric(14, 3),
	"on_hand_at_count" numeric(14, 3),
	"counted_at" timestamp (3) with time zone,
	"counted_by" uuid,
	"difference" numeric(14, 3),
	"value_difference" bigint,
	CONSTRAINT "stock_count_lines_count_id_item_id_pk" PRIMARY KEY("count_id","item_id"),
	CONSTRAINT "stock_count_lines_counted_check" CHECK ("stock_count_lines"."counted" is null or "stock_count_lines"."counted" >= 0),
	CONSTRAINT "stock_count_lines_stamp_check" CHECK (("stock_count_lines"."counted" is null) = ("stock_count_lines"."counted_at" is null) and ("stock_count_lines"."counted" is null) = ("stock_count_lines"."on_hand_at_count" is null))
);
--> statement-breakpoint
CREATE TABLE "stock_counts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"group" text,
	"note" text,
	"opened_by" uuid,
	"closed_by" uuid,
	"closed_at" timestamp (3) with time zone,
	"value_difference" bigint,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "stock_counts_status_check" CHECK ("stock_counts"."status" in ('open', 'finished', 'cancelled')),
	CONSTRAINT "stock_counts_group_check" CHECK ("stock_counts"."group" is null or "stock_counts"."group" in ('ingredient', 'beverage', 'packaging', 'other')),
	CONSTRAINT "stock_counts_closed_check" CHECK (("stock_counts"."status" = 'open') = ("stock_counts"."closed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "order_stock_deductions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"lines_not_taken" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipe_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"menu_item_id" uuid NOT NULL,
	"option_group" text,
	"option_name" text,
	"position" integer NOT NULL,
	"inventory_item_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_id" uuid NOT NULL,
	"replaces_item_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "recipe_lines_quantity_check" CHECK ("recipe_lines"."quantity" > 0),
	CONSTRAINT "recipe_lines_option_check" CHECK (("recipe_lines"."option_group" is null) = ("recipe_lines"."option_name" is null)),
	CONSTRAINT "recipe_lines_replaces_check" CHECK ("recipe_lines"."replaces_item_id" is null or "recipe_lines"."option_group" is not null)
);
--> statement-breakpoint
CREATE TABLE "recipes" (
	"menu_item_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"item_id" uuid NOT NULL,
	"unit_id" uuid NOT NULL,
	"factor" numeric(14, 3) NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_cost" bigint NOT NULL,
	"received_quantity" numeric(14, 3) DEFAULT '0' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "purchase_order_lines_quantity_check" CHECK ("purchase_order_lines"."quantity" > 0 and "purchase_order_lines"."factor" > 0),
	CONSTRAINT "purchase_order_lines_cost_check" CHECK ("purchase_order_lines"."unit_cost" >= 0),
	CONSTRAINT "purchase_order_lines_received_check" CHECK ("purchase_order_lines"."received_quantity" >= 0 and "purchase_order_lines"."received_quantity" <= "purchase_order_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "purchase_order_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"line_id" uuid NOT NULL,
	"delivery_id" uuid NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"unit_cost" bigint NOT NULL,
	"value" bigint NOT NULL,
	"movement_id" uuid NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "purchase_order_receipts_quantity_check" CHECK ("purchase_order_receipts"."quantity" > 0 and "purchase_order_receipts"."unit_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigint DEFAULT nextval('purchase_order_number_seq') NOT NULL,
	"supplier_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"expected_date" date,
	"note" text DEFAULT '' NOT NULL,
	"currency" char(3) NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"received_total" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"ordered_at" timestamp (3) with time zone,
	"ordered_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "purchase_orders_status_check" CHECK ("purchase_orders"."status" in ('draft', 'ordered', 'partially-received', 'received', 'cancelled')),
	CONSTRAINT "purchase_orders_total_check" CHECK ("purchase_orders"."total" >= 0 and "purchase_orders"."received_total" >= 0)
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "storage_area" text;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "storage_order" integer;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_stock_deductions" ADD CONSTRAINT "order_stock_deductions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_lines" ADD CONSTRAINT "recipe_lines_menu_item_id_recipes_menu_item_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."recipes"("menu_item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_lines" ADD CONSTRAINT "recipe_lines_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_lines" ADD CONSTRAINT "recipe_lines_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_lines" ADD CONSTRAINT "recipe_lines_replaces_item_id_inventory_items_id_fk" FOREIGN KEY ("replaces_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipts" ADD CONSTRAINT "purchase_order_receipts_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipts" ADD CONSTRAINT "purchase_order_receipts_line_id_purchase_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."purchase_order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipts" ADD CONSTRAINT "purchase_order_receipts_movement_id_stock_movements_id_fk" FOREIGN KEY ("movement_id") REFERENCES "public"."stock_movements"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_receipts" ADD CONSTRAINT "purchase_order_receipts_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_ordered_by_users_id_fk" FOREIGN KEY ("ordered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_count_lines_item_idx" ON "stock_count_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "stock_count_lines_counted_by_idx" ON "stock_count_lines" USING btree ("counted_by");--> statement-breakpoint
CREATE INDEX "stock_counts_created_idx" ON "stock_counts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stock_counts_opened_by_idx" ON "stock_counts" USING btree ("opened_by");--> statement-breakpoint
CREATE INDEX "stock_counts_closed_by_idx" ON "stock_counts" USING btree ("closed_by");--> statement-breakpoint
CREATE INDEX "stock_counts_open_idx" ON "stock_counts" USING btree ("status") WHERE "stock_counts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "recipe_lines_menu_item_idx" ON "recipe_lines" USING btree ("menu_item_id","position");--> statement-breakpoint
CREATE INDEX "recipe_lines_inventory_item_idx" ON "recipe_lines" USING btree ("inventory_item_id");--> statement-breakpoint
CREATE INDEX "recipe_lines_unit_idx" ON "recipe_lines" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "recipe_lines_replaces_idx" ON "recipe_lines" USING btree ("replaces_item_id");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_order_idx" ON "purchase_order_lines" USING btree ("purchase_order_id","position");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_item_idx" ON "purchase_order_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "purchase_order_lines_unit_idx" ON "purchase_order_lines" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "purchase_order_receipts_order_idx" ON "purchase_order_receipts" USING btree ("purchase_order_id","created_at");--> statement-breakpoint
CREATE INDEX "purchase_order_receipts_line_idx" ON "purchase_order_receipts" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "purchase_order_receipts_movement_idx" ON "purchase_order_receipts" USING btree ("movement_id");--> statement-breakpoint
CREATE INDEX "purchase_order_receipts_actor_idx" ON "purchase_order_receipts" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_unique" ON "purchase_orders" USING btree ("number");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_idx" ON "purchase_orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "purchase_orders_supplier_idx" ON "purchase_orders" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_created_by_idx" ON "purchase_orders" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "purchase_orders_ordered_by_idx" ON "purchase_orders" USING btree ("ordered_by");--> statement-breakpoint
-- hand-written
CREATE TRIGGER "recipes_set_updated_at" BEFORE UPDATE ON "recipes" FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"();--> statement-breakpoint
CREATE TRIGGER "stock_counts_set_updated_at" BEFORE UPDATE ON "stock_counts" FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"();--> statement-breakpoint
CREATE TRIGGER "purchase_orders_set_updated_at" BEFORE UPDATE ON "purchase_orders" FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"();--> statement-breakpoint
CREATE TRIGGER "purchase_order_lines_set_updated_at" BEFORE UPDATE ON "purchase_order_lines" FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"();
