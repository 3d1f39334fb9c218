ALTER TABLE "orders" DROP CONSTRAINT "orders_status_check";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "round" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "void_kind" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "voided_by" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "voided_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD COLUMN "kind" text DEFAULT 'status' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD COLUMN "detail" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promised_ready_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_percent" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "merged_into" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merged_into_orders_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_voided_by_idx" ON "order_lines" USING btree ("voided_by");--> statement-breakpoint
CREATE INDEX "orders_merged_into_idx" ON "orders" USING btree ("merged_into");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_round_check" CHECK ("order_lines"."round" >= 1);--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_void_check" CHECK (("order_lines"."void_kind" is null and "order_lines"."void_reason" is null and "order_lines"."voided_at" is null)
        or ("order_lines"."void_kind" in ('void', 'comp') and "order_lines"."void_reason" is not null and "order_lines"."voided_at" is not null));--> statement-breakpoint
ALTER TABLE "order_status_changes" ADD CONSTRAINT "order_status_changes_kind_check" CHECK ("order_status_changes"."kind" in ('status', 'round', 'void', 'comp', 'move', 'merge', 'split', 'recall'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_merged_check" CHECK (("orders"."status" = 'merged') = ("orders"."merged_into" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('pending', 'confirmed', 'preparing', 'ready', 'out-for-delivery', 'completed', 'rejected', 'cancelled', 'merged'));