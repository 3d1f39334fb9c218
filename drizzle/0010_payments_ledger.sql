CREATE TABLE "bank_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"payment_id" uuid,
	"refund_id" uuid,
	"occurred_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"reconciled" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "bank_transactions_kind_check" CHECK ("bank_transactions"."kind" in ('deposit', 'withdrawal', 'transfer', 'fee')),
	CONSTRAINT "bank_transactions_sign_check" CHECK (("bank_transactions"."kind" = 'deposit' and "bank_transactions"."amount" > 0)
        or ("bank_transactions"."kind" in ('withdrawal', 'fee') and "bank_transactions"."amount" < 0)
        or ("bank_transactions"."kind" = 'transfer' and "bank_transactions"."amount" <> 0))
);
--> statement-breakpoint
CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"currency" char(3) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"payment_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	"completed_at" timestamp (3) with time zone,
	CONSTRAINT "checkout_sessions_status_check" CHECK ("checkout_sessions"."status" in ('open', 'complete', 'expired')),
	CONSTRAINT "checkout_sessions_amount_check" CHECK ("checkout_sessions"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"tendered" bigint,
	"change" bigint DEFAULT 0 NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"account_id" uuid NOT NULL,
	"currency" char(3) NOT NULL,
	"refunded" bigint DEFAULT 0 NOT NULL,
	"provider" text,
	"provider_payment_id" text,
	"taken_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "payments_method_check" CHECK ("payments"."method" in ('cash', 'card', 'qr', 'bank-transfer', 'online', 'partner')),
	CONSTRAINT "payments_amounts_check" CHECK ("payments"."amount" > 0 and "payments"."refunded" >= 0 and "payments"."refunded" <= "payments"."amount"
        and "payments"."change" >= 0 and ("payments"."tendered" is null or "payments"."tendered" = "payments"."amount" + "payments"."change"))
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"currency" char(3) NOT NULL,
	"provider_refund_id" text,
	"refunded_by" uuid,
	"created_at" timestamp (3) with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access_key" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_transactions" ADD CONSTRAINT "bank_transactions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_account_id_bank_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_taken_by_users_id_fk" FOREIGN KEY ("taken_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_refunded_by_users_id_fk" FOREIGN KEY ("refunded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_transactions_account_idx" ON "bank_transactions" USING btree ("account_id","occurred_at");--> statement-breakpoint
CREATE INDEX "bank_transactions_payment_idx" ON "bank_transactions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "bank_transactions_refund_idx" ON "bank_transactions" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "bank_transactions_created_by_idx" ON "bank_transactions" USING btree ("created_by");--> statement-breakpoint
CREATE INDEX "checkout_sessions_order_idx" ON "checkout_sessions" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "checkout_sessions_payment_idx" ON "checkout_sessions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_account_idx" ON "payments" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "payments_taken_by_idx" ON "payments" USING btree ("taken_by");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_payment_unique" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "refunds_payment_idx" ON "refunds" USING btree ("payment_id","created_at");--> statement-breakpoint
CREATE INDEX "refunds_refunded_by_idx" ON "refunds" USING btree ("refunded_by");