CREATE TABLE "bank_reconciliation_rows" (
	"transaction_id" uuid PRIMARY KEY NOT NULL,
	"reconciliation_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bank_reconciliations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"statement_date" date NOT NULL,
	"statement_balance" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_reconciliation_rows" ADD CONSTRAINT "bank_reconciliation_rows_transaction_id_bank_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."bank_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliation_rows" ADD CONSTRAINT "bank_reconciliation_rows_reconciliation_id_bank_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."bank_reconciliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ADD CONSTRAINT "bank_reconciliations_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_reconciliations" ADD CONSTRAINT "bank_reconciliations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_reconciliation_rows_reconciliation_idx" ON "bank_reconciliation_rows" USING btree ("reconciliation_id");--> statement-breakpoint
CREATE INDEX "bank_reconciliations_account_idx" ON "bank_reconciliations" USING btree ("account_id","statement_date");--> statement-breakpoint
CREATE INDEX "bank_reconciliations_created_by_idx" ON "bank_reconciliations" USING btree ("created_by");--> statement-breakpoint
CREATE TRIGGER "expenses_set_updated_at" BEFORE UPDATE ON "expenses" FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"();--> statement-breakpoint
CREATE TRIGGER "recurring_expenses_set_updated_at" BEFORE UPDATE ON "recurring_expenses" FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"();--> statement-breakpoint
CREATE TRIGGER "budget_allocations_set_updated_at" BEFORE UPDATE ON "budget_allocations" FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"();
