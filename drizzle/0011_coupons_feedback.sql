CREATE TABLE "coupon_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"coupon_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_key" text,
	"discount" bigint NOT NULL,
	"released_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "coupon_redemptions_discount_check" CHECK ("coupon_redemptions"."discount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"percent" numeric(5, 2),
	"amount" bigint,
	"min_order" bigint,
	"max_discount" bigint,
	"valid_from" date,
	"valid_until" date,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"channels" text[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "coupons_kind_check" CHECK ("coupons"."kind" in ('percent', 'amount')),
	CONSTRAINT "coupons_value_check" CHECK (("coupons"."kind" = 'percent' and "coupons"."percent" > 0 and "coupons"."percent" <= 100 and "coupons"."amount" is null)
        or ("coupons"."kind" = 'amount' and "coupons"."amount" > 0 and "coupons"."percent" is null and "coupons"."max_discount" is null)),
	CONSTRAINT "coupons_dates_check" CHECK ("coupons"."valid_from" is null or "coupons"."valid_until" is null or "coupons"."valid_from" <= "coupons"."valid_until"),
	CONSTRAINT "coupons_limits_check" CHECK (coalesce("coupons"."usage_limit", 1) >= 1 and coalesce("coupons"."per_customer_limit", 1) >= 1),
	CONSTRAINT "coupons_channels_check" CHECK (cardinality("coupons"."channels") >= 1 and "coupons"."channels" <@ array['pos', 'online']::text[])
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"author_id" uuid,
	"overall" smallint NOT NULL,
	"food" smallint NOT NULL,
	"service" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"reviewed_at" timestamp (3) with time zone,
	"reviewed_by" uuid,
	"reply" text,
	"replied_at" timestamp (3) with time zone,
	"replied_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "feedback_ratings_check" CHECK ("feedback"."overall" between 1 and 5 and "feedback"."food" between 1 and 5 and "feedback"."service" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "coupon_code" text;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_order_unique" ON "coupon_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_idx" ON "coupon_redemptions" USING btree ("coupon_id","customer_key");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_unique" ON "coupons" USING btree (upper("code"));--> statement-breakpoint
CREATE INDEX "coupons_created_idx" ON "coupons" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "coupons_created_by_idx" ON "coupons" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "feedback_order_unique" ON "feedback" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "feedback_created_idx" ON "feedback" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "feedback_author_idx" ON "feedback" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "feedback_reviewed_by_idx" ON "feedback" USING btree ("reviewed_by");--> statement-breakpoint
CREATE INDEX "feedback_replied_by_idx" ON "feedback" USING btree ("replied_by");--> statement-breakpoint
CREATE TRIGGER "coupons_set_updated_at" BEFORE UPDATE ON "coupons" FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"();--> statement-breakpoint
CREATE TRIGGER "feedback_set_updated_at" BEFORE UPDATE ON "feedback" FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"();
