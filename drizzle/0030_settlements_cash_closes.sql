CREATE TABLE "cash_closes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" char(3) NOT NULL,
	"period_start" timestamp (3) with time zone NOT NULL,
	"closed_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"opening_cash" bigint NOT NULL,
	"expected" bigint NOT NULL,
	"counted" bigint NOT NULL,
	"difference" bigint NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"report" jsonb NOT NULL,
	"closed_by" uuid,
	CONSTRAINT "cash_closes_counted_check" CHECK ("cash_closes"."counted" >= 0),
	CONSTRAINT "cash_closes_difference_check" CHECK ("cash_closes"."difference" = "cash_closes"."counted" - "cash_closes"."expected"),
	CONSTRAINT "cash_closes_reason_check" CHECK ("cash_closes"."difference" = 0 or "cash_closes"."reason" <> '')
);
--> statement-breakpoint
CREATE TABLE "settlement_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"settlement_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "settlement_adjustments_amount_check" CHECK ("settlement_adjustments"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "settlement_orders" (
	"settlement_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_number" bigint NOT NULL,
	"partner_reference" text NOT NULL,
	"completed_at" timestamp (3) with time zone NOT NULL,
	"gross" bigint NOT NULL,
	"commission" bigint NOT NULL,
	CONSTRAINT "settlement_orders_settlement_id_order_id_pk" PRIMARY KEY("settlement_id","order_id"),
	CONSTRAINT "settlement_orders_amounts_check" CHECK ("settlement_orders"."gross" >= 0 and "settlement_orders"."commission" >= 0)
);
--> statement-breakpoint
CREATE TABLE "settlement_payout_reports" (
	"settlement_id" uuid PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"rows" jsonb NOT NULL,
	"problems" jsonb NOT NULL,
	"disputed" integer NOT NULL,
	"imported_by" uuid,
	"imported_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_id" uuid NOT NULL,
	"partner_name" text NOT NULL,
	"period_from" date NOT NULL,
	"period_to" date NOT NULL,
	"currency" char(3) NOT NULL,
	"commission_percent" numeric(5, 2) NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"order_count" integer DEFAULT 0 NOT NULL,
	"gross_total" bigint DEFAULT 0 NOT NULL,
	"commission_total" bigint DEFAULT 0 NOT NULL,
	"adjustments_total" bigint DEFAULT 0 NOT NULL,
	"received_on" date,
	"received_amount" bigint,
	"account_id" uuid,
	"received_by" uuid,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "settlements_status_check" CHECK ("settlements"."status" in ('pending', 'received')),
	CONSTRAINT "settlements_period_check" CHECK ("settlements"."period_from" <= "settlements"."period_to"),
	CONSTRAINT "settlements_received_check" CHECK (("settlements"."status" = 'received') = ("settlements"."received_on" is not null and "settlements"."received_amount" is not null
        and "settlements"."account_id" is not null)),
	CONSTRAINT "settlements_amounts_check" CHECK ("settlements"."gross_total" >= 0 and "settlements"."commission_total" >= 0 and ("settlements"."received_amount" is null or "settlements"."received_amount" > 0))
);
--> statement-breakpoint
ALTER TABLE "bank_transactions" DROP CONSTRAINT "bank_transactions_source_kind_check";--> statement-breakpoint
DROP INDEX "bank_transactions_account_idx";--> statement-breakpoint
ALTER TABLE "cash_closes" ADD CONSTRAINT "cash_closes_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cash_closes" ADD CONSTRAINT "cash_closes_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_adjustments" ADD CONSTRAINT "settlement_adjustments_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_adjustments" ADD CONSTRAINT "settlement_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_orders" ADD CONSTRAINT "settlement_orders_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_orders" ADD CONSTRAINT "settlement_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_payout_reports" ADD CONSTRAINT "settlement_payout_reports_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_payout_reports" ADD CONSTRAINT "settlement_payout_reports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_received_by_users_id_fk" FOREIGN KEY ("received_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cash_closes_account_idx" ON "cash_closes" USING btree ("account_id","closed_at");--> statement-breakpoint
CREATE INDEX "cash_closes_closed_at_idx" ON "cash_closes" USING btree ("closed_at","id");--> statement-breakpoint
CREATE INDEX "cash_closes_closed_by_idx" ON "cash_closes" USING btree ("closed_by");--> statement-breakpoint
CREATE INDEX "settlement_adjustments_settlement_idx" ON "settlement_adjustments" USING btree ("settlement_id","created_at");--> statement-breakpoint
CREATE INDEX "settlement_adjustments_created_by_idx" ON "settlement_adjustments" USING btree ("created_by");--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_orders_order_unique" ON "settlement_orders" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "settlement_payout_reports_imported_by_idx" ON "settlement_payout_reports" USING btree ("imported_by");--> statement-breakpoint
CREATE INDEX "settlements_partner_idx" ON "settlements" USING btree ("partner_id","period_to");--> statement-breakpoint
CREATE INDEX "settlements_created_idx" ON "settlements" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "settlements_account_idx" ON "settlements" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "settlements_received_by_idx" ON "settlements" USING btree ("received_by");--> statement-breakpoint
CREATE INDEX "settlements_created_by_idx" ON "settlements" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "bank_transactions_account_occurred_idx" ON "bank_transactions" USING btree ("account_id","occurred_at","amount");--> statement-breakpoint
CREATE INDEX "order_lines_voided_at_idx" ON "order_lines" USING btree ("voided_at") WHERE "order_lines"."voided_at" is not null;--> statement-breakpoint
CREATE INDEX "orders_completed_idx" ON "orders" USING btree ("completed_at") WHERE "orders"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "bank_transactions_account_idx" ON "bank_transactions" USING btree ("account_id","booked_on","occurred_at","id","amount");--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_source_kind_check" CHECK ("bank_transactions"."source_kind" in ('payment', 'refund', 'expense', 'supplier-payment', 'settlement', 'cash-close', 'manual', 'transfer'));--> statement-breakpoint
CREATE TRIGGER "settlements_set_updated_at" BEFORE UPDATE ON "settlements" FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"();--> statement-breakpoint
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
        AND NOT EXISTS (SELECT 1 FROM purchase_order_payments WHERE id = NEW.source_id)
     OR NEW.source_kind = 'settlement' AND NOT EXISTS (SELECT 1 FROM settlements WHERE id = NEW.source_id)
     OR NEW.source_kind = 'cash-close' AND NOT EXISTS (SELECT 1 FROM cash_closes WHERE id = NEW.source_id) THEN
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
CREATE TRIGGER "settlements_ledger_kept" BEFORE DELETE ON "settlements"
  FOR EACH ROW EXECUTE FUNCTION "brigade_ledger_source_kept"('settlement');
--> statement-breakpoint
CREATE TRIGGER "cash_closes_ledger_kept" BEFORE DELETE ON "cash_closes"
  FOR EACH ROW EXECUTE FUNCTION "brigade_ledger_source_kept"('cash-close');
