CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"sku" text,
	"group" text NOT NULL,
	"unit_id" uuid NOT NULL,
	"purchase_unit_id" uuid,
	"purchase_factor" numeric(14, 3),
	"reorder_level" numeric(14, 3),
	"par_level" numeric(14, 3),
	"preferred_supplier_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"on_hand" numeric(14, 3) DEFAULT '0' NOT NULL,
	"stock_value" bigint DEFAULT 0 NOT NULL,
	"average_cost" numeric(18, 6) DEFAULT '0' NOT NULL,
	"low_stock_notified" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "inventory_items_group_check" CHECK ("inventory_items"."group" in ('ingredient', 'beverage', 'packaging', 'other')),
	CONSTRAINT "inventory_items_purchase_check" CHECK (("inventory_items"."purchase_unit_id" is null) = ("inventory_items"."purchase_factor" is null) and coalesce("inventory_items"."purchase_factor", 1) > 0),
	CONSTRAINT "inventory_items_levels_check" CHECK (coalesce("inventory_items"."reorder_level", 0) >= 0 and coalesce("inventory_items"."par_level", 0) >= 0),
	CONSTRAINT "inventory_items_average_cost_check" CHECK ("inventory_items"."average_cost" >= 0)
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_id" uuid NOT NULL,
	"type" text NOT NULL,
	"quantity" numeric(14, 3) NOT NULL,
	"value" bigint NOT NULL,
	"unit_cost" bigint NOT NULL,
	"reference_type" text,
	"reference_id" uuid,
	"reason" text NOT NULL,
	"note" text,
	"actor_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "stock_movements_type_check" CHECK ("stock_movements"."type" in ('purchase-receipt', 'sale', 'adjustment', 'waste', 'count')),
	CONSTRAINT "stock_movements_quantity_check" CHECK ("stock_movements"."quantity" <> 0),
	CONSTRAINT "stock_movements_reference_check" CHECK (("stock_movements"."reference_type" is null) = ("stock_movements"."reference_id" is null))
);
--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_unit_id_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_purchase_unit_id_units_id_fk" FOREIGN KEY ("purchase_unit_id") REFERENCES "public"."units"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_preferred_supplier_id_suppliers_id_fk" FOREIGN KEY ("preferred_supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_sku_unique" ON "inventory_items" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "inventory_items_name_idx" ON "inventory_items" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "inventory_items_unit_idx" ON "inventory_items" USING btree ("unit_id");--> statement-breakpoint
CREATE INDEX "inventory_items_purchase_unit_idx" ON "inventory_items" USING btree ("purchase_unit_id");--> statement-breakpoint
CREATE INDEX "inventory_items_supplier_idx" ON "inventory_items" USING btree ("preferred_supplier_id");--> statement-breakpoint
CREATE INDEX "inventory_items_search_trgm_idx" ON "inventory_items" USING gin ("name" gin_trgm_ops,"sku" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "stock_movements_item_idx" ON "stock_movements" USING btree ("item_id","created_at","id");--> statement-breakpoint
CREATE INDEX "stock_movements_actor_idx" ON "stock_movements" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "stock_movements_reference_idx" ON "stock_movements" USING btree ("reference_type","reference_id");--> statement-breakpoint
CREATE TRIGGER "inventory_items_set_updated_at" BEFORE UPDATE ON "inventory_items" FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "brigade_stock_movements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A deleted user's movements keep everything but the link to them (the foreign key sets it null).
  IF TG_OP = 'UPDATE' AND NEW.actor_id IS NULL AND OLD.actor_id IS NOT NULL
     AND to_jsonb(NEW) - 'actor_id' = to_jsonb(OLD) - 'actor_id' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'stock movements are append-only: record a new movement instead'
    USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "stock_movements_append_only" BEFORE UPDATE OR DELETE ON "stock_movements" FOR EACH ROW EXECUTE FUNCTION "brigade_stock_movements_append_only"();
