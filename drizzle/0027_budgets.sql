CREATE TABLE "budget_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"category_id" uuid NOT NULL,
	"month" date NOT NULL,
	"amount" bigint NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "budget_allocations_amount_check" CHECK ("budget_allocations"."amount" > 0),
	CONSTRAINT "budget_allocations_month_check" CHECK (extract(day from "budget_allocations"."month") = 1)
);
--> statement-breakpoint
CREATE TABLE "budget_notices" (
	"category_id" uuid NOT NULL,
	"month" date NOT NULL,
	"threshold" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "budget_notices_category_id_month_threshold_pk" PRIMARY KEY("category_id","month","threshold")
);
--> statement-breakpoint
ALTER TABLE "budget_allocations" ADD CONSTRAINT "budget_allocations_category_id_expense_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."expense_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_allocations" ADD CONSTRAINT "budget_allocations_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_notices" ADD CONSTRAINT "budget_notices_category_id_expense_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."expense_categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budget_allocations_category_month_unique" ON "budget_allocations" USING btree ("category_id","month");--> statement-breakpoint
CREATE INDEX "budget_allocations_month_idx" ON "budget_allocations" USING btree ("month");--> statement-breakpoint
CREATE INDEX "budget_allocations_updated_by_idx" ON "budget_allocations" USING btree ("updated_by");