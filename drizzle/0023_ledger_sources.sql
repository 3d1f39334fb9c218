ALTER TABLE "bank_transactions" ADD COLUMN "source_kind" text;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD COLUMN "source_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD COLUMN "transfer_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD COLUMN "reverses_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD COLUMN "booked_on" date;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_reverses_id_bank_transactions_id_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."bank_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- Every ledger row names what made it (a refund's row its refund, a payment's its payment; a row
-- entered by hand is 'manual') and the restaurant's day it counts on.
UPDATE "bank_transactions" SET
  "source_kind" = CASE WHEN "refund_id" IS NOT NULL THEN 'refund' WHEN "payment_id" IS NOT NULL THEN 'payment' ELSE 'manual' END,
  "source_id" = coalesce("refund_id", "payment_id"),
  "booked_on" = ("occurred_at" AT TIME ZONE coalesce((SELECT "time_zone" FROM "restaurant_settings" LIMIT 1), 'UTC'))::date;
