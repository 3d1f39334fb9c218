-- Trigram search (ILIKE %…%) needs pg_trgm, a trusted extension that ships with PostgreSQL.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
ALTER TABLE "accounts" ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "verifications" ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "contact_messages" ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "bank_accounts" ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "dining_tables" ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "expense_categories" ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "food_categories" ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "partners" ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "suppliers" ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "units" ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "menu_items" ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "modifier_groups" ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "modifier_options" ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
ALTER TABLE "restaurant_settings" ALTER COLUMN "updated_at" SET DEFAULT clock_timestamp();--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops,"email" gin_trgm_ops,"phone_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bank_accounts_created_idx" ON "bank_accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "bank_accounts_search_trgm_idx" ON "bank_accounts" USING gin ("name" gin_trgm_ops,"bank_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "dining_tables_created_idx" ON "dining_tables" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "dining_tables_search_trgm_idx" ON "dining_tables" USING gin ("name" gin_trgm_ops,"area" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "expense_categories_created_idx" ON "expense_categories" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "expense_categories_search_trgm_idx" ON "expense_categories" USING gin ("name" gin_trgm_ops,"description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "food_categories_created_idx" ON "food_categories" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "food_categories_search_trgm_idx" ON "food_categories" USING gin ("name" gin_trgm_ops,"description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "partners_created_idx" ON "partners" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "partners_search_trgm_idx" ON "partners" USING gin ("name" gin_trgm_ops,"contact_name" gin_trgm_ops,"phone" gin_trgm_ops,"email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "suppliers_created_idx" ON "suppliers" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "suppliers_search_trgm_idx" ON "suppliers" USING gin ("name" gin_trgm_ops,"contact_name" gin_trgm_ops,"phone" gin_trgm_ops,"email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "units_created_idx" ON "units" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "units_search_trgm_idx" ON "units" USING gin ("name" gin_trgm_ops,"symbol" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "menu_items_sort_idx" ON "menu_items" USING btree ("sort_order","id");--> statement-breakpoint
CREATE INDEX "menu_items_created_idx" ON "menu_items" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "menu_items_search_trgm_idx" ON "menu_items" USING gin ("name" gin_trgm_ops,"description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "menu_items_photo_idx" ON "menu_items" USING btree ("photo_id");
--> statement-breakpoint
-- updated_at is set by the database clock on every update, whatever the writer sends (Drizzle,
-- better-auth, raw SQL): one function, and a trigger on every table that has the column.
-- A table added later gets its trigger in its own migration (tests/api/schema-rules.test.ts checks).
CREATE OR REPLACE FUNCTION "brigade_set_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := clock_timestamp();
  RETURN NEW;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  target record;
BEGIN
  FOR target IN
    SELECT c.table_name
    FROM information_schema.columns c
    JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
    WHERE c.table_schema = current_schema() AND c.column_name = 'updated_at' AND t.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format(
      'CREATE TRIGGER %I BEFORE UPDATE ON %I FOR EACH ROW EXECUTE FUNCTION "brigade_set_updated_at"()',
      target.table_name || '_set_updated_at',
      target.table_name
    );
  END LOOP;
END
$$;
