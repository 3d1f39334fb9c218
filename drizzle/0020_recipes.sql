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
ALTER TABLE "order_stock_deductions" ADD CONSTRAINT "order_stock_deductions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_lines" ADD CONSTRAINT "recipe_lines_menu_item_id_recipes_menu_item_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."recipes"("menu_item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_lines" ADD CONSTRAINT "recipe_lines_inventory_item_id_inventory_items_id_fk" FOREIGN KEY ("inventory_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_lines" ADD CONSTRAINT "recipe_lines_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipe_lines" ADD CONSTRAINT "recipe_lines_replaces_item_id_inventory_items_id_fk" FOREIGN KEY ("replaces_item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recipes" ADD CONSTRAINT "recipes_menu_item_id_menu_items_id_fk" FOREIGN KEY ("menu_item_id") REFERENCES "public"."menu_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recipe_lines_menu_item_idx" ON "recipe_lines" USING btree ("menu_item_id","position");--> statement-breakpoint
CREATE INDEX "recipe_lines_inventory_item_idx" ON "recipe_lines" USING btree ("inventory_item_id");--> statement-breakpoint
CREATE INDEX "recipe_lines_unit_idx" ON "recipe_lines" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "recipe_lines_replaces_idx" ON "recipe_lines" USING btree ("replaces_item_id");--> statement-breakpoint
-- hand-written
CREATE TRIGGER "recipes_set_updated_at" BEFORE UPDATE ON "recipes" FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"();
