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
ALTER TABLE "inventory_items" ADD COLUMN "storage_area" text;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD COLUMN "storage_order" integer;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_count_id_stock_counts_id_fk" FOREIGN KEY ("count_id") REFERENCES "public"."stock_counts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_count_lines" ADD CONSTRAINT "stock_count_lines_counted_by_users_id_fk" FOREIGN KEY ("counted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_counts" ADD CONSTRAINT "stock_counts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_count_lines_item_idx" ON "stock_count_lines" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "stock_count_lines_counted_by_idx" ON "stock_count_lines" USING btree ("counted_by");--> statement-breakpoint
CREATE INDEX "stock_counts_created_idx" ON "stock_counts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "stock_counts_opened_by_idx" ON "stock_counts" USING btree ("opened_by");--> statement-breakpoint
CREATE INDEX "stock_counts_closed_by_idx" ON "stock_counts" USING btree ("closed_by");--> statement-breakpoint
CREATE INDEX "stock_counts_open_idx" ON "stock_counts" USING btree ("status") WHERE "stock_counts"."status" = 'open';--> statement-breakpoint
-- hand-written
CREATE TRIGGER "stock_counts_set_updated_at" BEFORE UPDATE ON "stock_counts" FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"();
