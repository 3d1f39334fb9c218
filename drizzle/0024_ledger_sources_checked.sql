ALTER TABLE "bank_transactions" DROP CONSTRAINT "bank_transactions_kind_check";--> statement-breakpoint
ALTER TABLE "bank_transactions" DROP CONSTRAINT "bank_transactions_sign_check";--> statement-breakpoint
ALTER TABLE "bank_transactions" DROP CONSTRAINT "bank_transactions_payment_id_payments_id_fk";
--> statement-breakpoint
ALTER TABLE "bank_transactions" DROP CONSTRAINT "bank_transactions_refund_id_refunds_id_fk";
--> statement-breakpoint
DROP INDEX "bank_transactions_payment_idx";--> statement-breakpoint
DROP INDEX "bank_transactions_refund_idx";--> statement-breakpoint
DROP INDEX "bank_transactions_account_idx";--> statement-breakpoint
ALTER TABLE "bank_transactions" ALTER COLUMN "source_kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transactions" ALTER COLUMN "booked_on" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "restaurant_settings" ADD COLUMN "books_locked_until" date;--> statement-breakpoint
CREATE INDEX "bank_transactions_source_idx" ON "bank_transactions" USING btree ("source_kind","source_id");--> statement-breakpoint
CREATE INDEX "bank_transactions_transfer_idx" ON "bank_transactions" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transactions_reverses_unique" ON "bank_transactions" USING btree ("reverses_id");--> statement-breakpoint
CREATE INDEX "bank_transactions_account_idx" ON "bank_transactions" USING btree ("account_id","booked_on","occurred_at");--> statement-breakpoint
ALTER TABLE "bank_transactions" DROP COLUMN "payment_id";--> statement-breakpoint
ALTER TABLE "bank_transactions" DROP COLUMN "refund_id";--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_source_kind_check" CHECK ("bank_transactions"."source_kind" in ('payment', 'refund', 'manual', 'transfer'));--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_source_check" CHECK (("bank_transactions"."source_kind" in ('manual', 'transfer')) = ("bank_transactions"."source_id" is null));--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_transfer_check" CHECK (("bank_transactions"."source_kind" = 'transfer') = ("bank_transactions"."transfer_id" is not null));--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_reversal_check" CHECK (("bank_transactions"."kind" = 'reversal') = ("bank_transactions"."reverses_id" is not null));--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_kind_check" CHECK ("bank_transactions"."kind" in ('deposit', 'withdrawal', 'transfer', 'fee', 'reversal'));--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_sign_check" CHECK (("bank_transactions"."kind" = 'deposit' and "bank_transactions"."amount" > 0)
        or ("bank_transactions"."kind" in ('withdrawal', 'fee') and "bank_transactions"."amount" < 0)
        or ("bank_transactions"."kind" in ('transfer', 'reversal') and "bank_transactions"."amount" <> 0));--> statement-breakpoint
-- A ledger row is checked when its transaction commits (so a source may be written after its row):
-- the record it names exists; a reversal takes back a row of its account, not a reversal, to the
-- minor unit; the rows of a transfer sum to zero, two of them (not counting reversals) in two accounts.
CREATE OR REPLACE FUNCTION "brigade_ledger_row_checked"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  original record;
BEGIN
  IF NEW.source_kind = 'payment' AND NOT EXISTS (SELECT 1 FROM payments WHERE id = NEW.source_id)
     OR NEW.source_kind = 'refund' AND NOT EXISTS (SELECT 1 FROM refunds WHERE id = NEW.source_id) THEN
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
CREATE CONSTRAINT TRIGGER "bank_transactions_checked" AFTER INSERT ON "bank_transactions"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION "brigade_ledger_row_checked"();
--> statement-breakpoint
-- Money rows are never edited in place: a correction is a reversing row plus a new one. Only the
-- reconciled mark changes, and a deleted user's rows lose the link to them (the foreign key sets it
-- null). Removing the demo data deletes the rows of the demo's payments and refunds: that transaction
-- alone turns on `brigade.removing_demo_money` (set_config(..., true) ends with the transaction).
CREATE OR REPLACE FUNCTION "brigade_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND to_jsonb(NEW) - 'reconciled' - 'created_by' = to_jsonb(OLD) - 'reconciled' - 'created_by'
     AND (NEW.created_by IS NOT DISTINCT FROM OLD.created_by OR NEW.created_by IS NULL) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND current_setting('brigade.removing_demo_money', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'ledger rows are never changed: record a reversing row instead'
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bank_transactions_append_only" BEFORE UPDATE OR DELETE ON "bank_transactions"
  FOR EACH ROW EXECUTE FUNCTION "brigade_ledger_append_only"();
--> statement-breakpoint
-- A record with ledger rows cannot be deleted from under them (TG_ARGV[0]: the source kind it is).
CREATE OR REPLACE FUNCTION "brigade_ledger_source_kept"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM bank_transactions WHERE source_kind = TG_ARGV[0] AND source_id = OLD.id) THEN
    RAISE EXCEPTION 'this % has ledger rows', TG_ARGV[0] USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN OLD;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payments_ledger_kept" BEFORE DELETE ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "brigade_ledger_source_kept"('payment');
--> statement-breakpoint
CREATE TRIGGER "refunds_ledger_kept" BEFORE DELETE ON "refunds"
  FOR EACH ROW EXECUTE FUNCTION "brigade_ledger_source_kept"('refund');
