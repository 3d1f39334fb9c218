CREATE TABLE "purchase_order_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"voided_at" timestamp (3) with time zone,
	"voided_by" uuid,
	"void_reason" text,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "purchase_order_payments_amount_check" CHECK ("purchase_order_payments"."amount" > 0),
	CONSTRAINT "purchase_order_payments_void_check" CHECK (("purchase_order_payments"."voided_at" is null) = ("purchase_order_payments"."void_reason" is null))
);
--> statement-breakpoint
ALTER TABLE "bank_transactions" DROP CONSTRAINT "bank_transactions_source_kind_check";--> statement-breakpoint
ALTER TABLE "purchase_orders" DROP CONSTRAINT "purchase_orders_total_check";--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD COLUMN "paid_total" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_order_payments" ADD CONSTRAINT "purchase_order_payments_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_payments" ADD CONSTRAINT "purchase_order_payments_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_payments" ADD CONSTRAINT "purchase_order_payments_voided_by_users_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_payments" ADD CONSTRAINT "purchase_order_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_payments_order_idx" ON "purchase_order_payments" USING btree ("purchase_order_id","paid_on");--> statement-breakpoint
CREATE INDEX "purchase_order_payments_account_idx" ON "purchase_order_payments" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "purchase_order_payments_created_by_idx" ON "purchase_order_payments" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "purchase_order_payments_voided_by_idx" ON "purchase_order_payments" USING btree ("voided_by");--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_source_kind_check" CHECK ("bank_transactions"."source_kind" in ('payment', 'refund', 'expense', 'supplier-payment', 'manual', 'transfer'));--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_total_check" CHECK ("purchase_orders"."total" >= 0 and "purchase_orders"."received_total" >= 0 and "purchase_orders"."paid_total" >= 0);--> statement-breakpoint
-- A ledger row is checked when its transaction commits (so a source may be written after its row):
-- the record it names exists; a reversal takes back a row of its account, not a reversal, to the
-- minor unit; the rows of a transfer sum to zero, two of them (not counting reversals) in two accounts.
CREATE OR REPLACE FUNCTION "brigade_ledger_row_checked"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  original record;
BEGIN
  IF NEW.source_kind = 'payment' AND NOT EXISTS (SELECT 1 FROM payments WHERE id = NEW.source_id)
     OR NEW.source_kind = 'refund' AND NOT EXISTS (SELECT 1 FROM refunds WHERE id = NEW.source_id)
     OR NEW.source_kind = 'expense' AND NOT EXISTS (SELECT 1 FROM expenses WHERE id = NEW.source_id)
     OR NEW.source_kind = 'supplier-payment'
        AND NOT EXISTS (SELECT 1 FROM purchase_order_payments WHERE id = NEW.source_id) THEN
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
CREATE TRIGGER "purchase_order_payments_ledger_kept" BEFORE DELETE ON "purchase_order_payments"
  FOR EACH ROW EXECUTE FUNCTION "brigade_ledger_source_kept"('supplier-payment');
