CREATE TABLE "expense_receipts" (
	"expense_id" uuid PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"size" integer NOT NULL,
	"file_name" text NOT NULL,
	"etag" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "expense_receipts_type_check" CHECK ("expense_receipts"."content_type" in ('image/jpeg', 'image/png', 'image/webp', 'application/pdf'))
);
--> statement-breakpoint
CREATE TABLE "expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"category_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"description" text NOT NULL,
	"account_id" uuid NOT NULL,
	"supplier_id" uuid,
	"reference" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'recorded' NOT NULL,
	"void_reason" text,
	"voided_at" timestamp (3) with time zone,
	"voided_by" uuid,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "expenses_amount_check" CHECK ("expenses"."amount" > 0),
	CONSTRAINT "expenses_status_check" CHECK ("expenses"."status" in ('recorded', 'voided')),
	CONSTRAINT "expenses_void_check" CHECK (("expenses"."status" = 'voided') = ("expenses"."void_reason" is not null and "expenses"."voided_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "bank_transactions" DROP CONSTRAINT "bank_transactions_source_kind_check";--> statement-breakpoint
ALTER TABLE "expense_receipts" ADD CONSTRAINT "expense_receipts_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_receipts" ADD CONSTRAINT "expense_receipts_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_category_id_expense_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."expense_categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expenses" ADD CONSTRAINT "expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "expense_receipts_uploaded_by_idx" ON "expense_receipts" USING btree ("uploaded_by");--> statement-breakpoint
CREATE INDEX "expenses_date_idx" ON "expenses" USING btree ("date","created_at","id");--> statement-breakpoint
CREATE INDEX "expenses_category_idx" ON "expenses" USING btree ("category_id","date");--> statement-breakpoint
CREATE INDEX "expenses_account_idx" ON "expenses" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "expenses_supplier_idx" ON "expenses" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "expenses_created_by_idx" ON "expenses" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "expenses_voided_by_idx" ON "expenses" USING btree ("voided_by");--> statement-breakpoint
CREATE INDEX "expenses_search_trgm_idx" ON "expenses" USING gin ("description" gin_trgm_ops,"reference" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_source_kind_check" CHECK ("bank_transactions"."source_kind" in ('payment', 'refund', 'expense', 'manual', 'transfer'));--> statement-breakpoint
-- A ledger row is checked when its transaction commits (so a source may be written after its row):
-- the record it names exists; a reversal takes back a row of its account, not a reversal, to the
-- minor unit; the rows of a transfer sum to zero, two of them (not counting reversals) in two accounts.
CREATE OR REPLACE FUNCTION "brigade_ledger_row_checked"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  original record;
BEGIN
  IF NEW.source_kind = 'payment' AND NOT EXISTS (SELECT 1 FROM payments WHERE id = NEW.source_id)
     OR NEW.source_kind = 'refund' AND NOT EXISTS (SELECT 1 FROM refunds WHERE id = NEW.source_id)
     OR NEW.source_kind = 'expense' AND NOT EXISTS (SELECT 1 FROM expenses WHERE id = NEW.source_id) THEN
    RAISE EXCEPTION 'ledger row % names a % that does not exist', NEW.id, NEW.source_kind
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  IF NEW.reverses_id IS NOT NULL THEN
    SELECT account_id, amount, kind, source_kind, source_id, transfer_id INTO original
      FROM bank_transactions WHERE id = NEW.reverses_id;
    IF original.account_id IS DISTINCT FROM NEW.account_id OR original.amount <> -NEW.amount
       OR original.kind = 'reversal' OR original.source_kind <> NEW.source_kind
       OR original.source_id IS DISTINCT FROM NEW.source_id
       OR original.transfer_id IS DISTINCT FROM NEW.transfer_id THEN
      RAISE EXCEPTION 'ledger row % does not reverse row %', NEW.id, NEW.reverses_id
        USING ERRCODE = 'check_violation';
    END IF;
  END IF;
  IF NEW.transfer_id IS NOT NULL AND NOT EXISTS (
    SELECT 1 FROM bank_transactions WHERE transfer_id = NEW.transfer_id
    HAVING sum(amount) = 0
      AND count(*) FILTER (WHERE kind = 'transfer') = 2
      AND count(DISTINCT account_id) = 2) THEN
    RAISE EXCEPTION 'transfer % is not two rows in two accounts that sum to zero', NEW.transfer_id
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "expenses_ledger_kept" BEFORE DELETE ON "expenses"
  FOR EACH ROW EXECUTE FUNCTION "brigade_ledger_source_kept"('expense');
