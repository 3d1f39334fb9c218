CREATE TABLE "recurring_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"description" text NOT NULL,
	"category_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"account_id" uuid NOT NULL,
	"supplier_id" uuid,
	"reference" text DEFAULT '' NOT NULL,
	"frequency" text NOT NULL,
	"day_of_month" integer,
	"weekday" integer,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"next_on" date,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "recurring_expenses_amount_check" CHECK ("recurring_expenses"."amount" > 0),
	CONSTRAINT "recurring_expenses_rule_check" CHECK (("recurring_expenses"."frequency" = 'monthly' and "recurring_expenses"."day_of_month" between 1 and 31 and "recurring_expenses"."weekday" is null)
        or ("recurring_expenses"."frequency" = 'weekly' and "recurring_expenses"."weekday" between 1 and 7 and "recurring_expenses"."day_of_month" is null)),
	CONSTRAINT "recurring_expenses_period_check" CHECK ("recurring_expenses"."ends_on" is null or "recurring_expenses"."ends_on" >= "recurring_expenses"."starts_on")
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "recurring_id" uuid;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "recurring_on" date;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_category_id_expense_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."expense_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recurring_expenses" ADD CONSTRAINT "recurring_expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "recurring_expenses_due_idx" ON "recurring_expenses" USING btree ("next_on");--> statement-breakpoint
CREATE INDEX "recurring_expenses_category_idx" ON "recurring_expenses" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "recurring_expenses_account_idx" ON "recurring_expenses" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "recurring_expenses_supplier_idx" ON "recurring_expenses" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "recurring_expenses_created_by_idx" ON "recurring_expenses" USING btree ("created_by");--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_recurring_id_recurring_expenses_id_fk" FOREIGN KEY ("recurring_id") REFERENCES "public"."recurring_expenses"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "expenses_recurring_unique" ON "expenses" USING btree ("recurring_id","recurring_on");