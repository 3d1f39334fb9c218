CREATE TABLE "payment_method_accounts" (
	"method" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "payment_method_accounts_method_check" CHECK (method in ('cash', 'card', 'qr', 'bank-transfer', 'online', 'partner'))
);
--> statement-breakpoint
-- An opening balance keeps the currency it was set in (db/money-records.ts): the existing ones were
-- set in the settings' currency of today.
ALTER TABLE "bank_accounts" ADD COLUMN "currency" char(3);--> statement-breakpoint
UPDATE "bank_accounts" SET "currency" = coalesce((SELECT "currency" FROM "restaurant_settings" LIMIT 1), 'USD');--> statement-breakpoint
ALTER TABLE "bank_accounts" ALTER COLUMN "currency" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_method_accounts" ADD CONSTRAINT "payment_method_accounts_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_method_accounts_account_idx" ON "payment_method_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE TRIGGER "payment_method_accounts_set_updated_at" BEFORE UPDATE ON "payment_method_accounts" FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"();--> statement-breakpoint
-- The mapping moves from the settings' JSON to rows: each known method with an account that exists
-- (a stale id in the JSON had no account to land in and is dropped).
INSERT INTO "payment_method_accounts" ("method", "account_id")
SELECT mapping.key, accounts.id
FROM "restaurant_settings" settings
CROSS JOIN LATERAL jsonb_each_text(settings."payment_accounts") AS mapping(key, value)
JOIN "bank_accounts" accounts ON accounts.id::text = mapping.value
WHERE mapping.key IN ('cash', 'card', 'qr', 'bank-transfer', 'online', 'partner')
ON CONFLICT ("method") DO NOTHING;--> statement-breakpoint
ALTER TABLE "restaurant_settings" DROP COLUMN "payment_accounts";
