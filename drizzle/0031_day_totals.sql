CREATE TABLE "stock_day_totals" (
	"day" date PRIMARY KEY NOT NULL,
	"value_change" bigint NOT NULL,
	"received" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_day_totals" (
	"account_id" uuid NOT NULL,
	"day" date NOT NULL,
	"stripe" smallint NOT NULL,
	"money_in" bigint NOT NULL,
	"money_out" bigint NOT NULL,
	CONSTRAINT "ledger_day_totals_account_id_day_stripe_pk" PRIMARY KEY("account_id","day","stripe")
);
--> statement-breakpoint
CREATE TABLE "order_day_totals" (
	"day" date NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"orders" integer NOT NULL,
	"subtotal" bigint NOT NULL,
	"discount" bigint NOT NULL,
	"coupon_discount" bigint NOT NULL,
	"service_charge" bigint NOT NULL,
	"tax" bigint NOT NULL,
	"tax_in_prices" bigint NOT NULL,
	"delivery_fee" bigint NOT NULL,
	"total" bigint NOT NULL,
	CONSTRAINT "order_day_totals_day_type_source_pk" PRIMARY KEY("day","type","source")
);
--> statement-breakpoint
-- The restaurant's time zone, which days are counted in (UTC until the settings row exists).
CREATE FUNCTION "brigade_time_zone"() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT time_zone FROM restaurant_settings LIMIT 1), 'UTC')
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes back (sign -1) a completed order's amounts on the day it was completed.
CREATE FUNCTION "brigade_order_day_add"(o orders, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_day_totals AS t (day, type, source, orders, subtotal, discount, coupon_discount,
      service_charge, tax, tax_in_prices, delivery_fee, total)
    VALUES ((coalesce(o.completed_at, o.created_at) AT TIME ZONE brigade_time_zone())::date, o.type, o.source,
      sign, sign * o.subtotal, sign * o.discount,
      CASE WHEN o.coupon_code IS NULL THEN 0 ELSE sign * o.discount END,
      sign * o.service_charge, sign * o.tax, CASE WHEN o.tax_inclusive THEN sign * o.tax ELSE 0 END,
      sign * o.delivery_fee, sign * o.total)
    ON CONFLICT (day, type, source) DO UPDATE SET
      orders = t.orders + excluded.orders,
      subtotal = t.subtotal + excluded.subtotal,
      discount = t.discount + excluded.discount,
      coupon_discount = t.coupon_discount + excluded.coupon_discount,
      service_charge = t.service_charge + excluded.service_charge,
      tax = t.tax + excluded.tax,
      tax_in_prices = t.tax_in_prices + excluded.tax_in_prices,
      delivery_fee = t.delivery_fee + excluded.delivery_fee,
      total = t.total + excluded.total;
END;
$$;
--> statement-breakpoint
-- An order changed that is, or was, completed moves its amounts: out of the day it counted on, into its
-- new one (a completion, a recall, a completion moved).
CREATE FUNCTION "brigade_order_day_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'completed' AND NEW.status = 'completed'
     AND (OLD.completed_at, OLD.type, OLD.source, OLD.subtotal, OLD.discount, OLD.coupon_code IS NULL,
          OLD.service_charge, OLD.tax, OLD.tax_inclusive, OLD.delivery_fee, OLD.total)
       IS NOT DISTINCT FROM
         (NEW.completed_at, NEW.type, NEW.source, NEW.subtotal, NEW.discount, NEW.coupon_code IS NULL,
          NEW.service_charge, NEW.tax, NEW.tax_inclusive, NEW.delivery_fee, NEW.total) THEN
    RETURN NULL;
  END IF;
  IF OLD.status = 'completed' THEN PERFORM brigade_order_day_add(OLD, -1); END IF;
  IF NEW.status = 'completed' THEN PERFORM brigade_order_day_add(NEW, 1); END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_day_update" AFTER UPDATE ON "orders"
  FOR EACH ROW WHEN (OLD.status = 'completed' OR NEW.status = 'completed')
  EXECUTE FUNCTION "brigade_order_day_change"();
--> statement-breakpoint
-- Orders written or deleted by the statement (the demo's history, its removal, a restore): one upsert
-- per day, type and source of the statement's completed orders, not one per order.
CREATE FUNCTION "brigade_order_day_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The statement's rows are `new_rows` (written) or `old_rows` (deleted), named by the trigger.
  EXECUTE format($sql$
    INSERT INTO order_day_totals AS t (day, type, source, orders, subtotal, discount, coupon_discount,
        service_charge, tax, tax_in_prices, delivery_fee, total)
      SELECT (coalesce(completed_at, created_at) AT TIME ZONE $1)::date, type, source, $2 * count(*),
             $2 * sum(subtotal), $2 * sum(discount),
             $2 * coalesce(sum(discount) FILTER (WHERE coupon_code IS NOT NULL), 0),
             $2 * sum(service_charge), $2 * sum(tax), $2 * coalesce(sum(tax) FILTER (WHERE tax_inclusive), 0),
             $2 * sum(delivery_fee), $2 * sum(total)
        FROM %I WHERE status = 'completed'
       GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (day, type, source) DO UPDATE SET
        orders = t.orders + excluded.orders,
        subtotal = t.subtotal + excluded.subtotal,
        discount = t.discount + excluded.discount,
        coupon_discount = t.coupon_discount + excluded.coupon_discount,
        service_charge = t.service_charge + excluded.service_charge,
        tax = t.tax + excluded.tax,
        tax_in_prices = t.tax_in_prices + excluded.tax_in_prices,
        delivery_fee = t.delivery_fee + excluded.delivery_fee,
        total = t.total + excluded.total
  $sql$, CASE WHEN TG_OP = 'INSERT' THEN 'new_rows' ELSE 'old_rows' END)
  USING brigade_time_zone(), CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "orders_day_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "brigade_order_day_rows"();
--> statement-breakpoint
CREATE TRIGGER "orders_day_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "brigade_order_day_rows"();
--> statement-breakpoint
-- Stock movements move the value of their day (one statement's rows at once). Movements are never
-- changed (brigade_stock_movements_append_only), only written and, with the demo, deleted.
CREATE FUNCTION "brigade_stock_day_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz text := brigade_time_zone();
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO stock_day_totals AS t (day, value_change, received)
      SELECT (created_at AT TIME ZONE tz)::date, -sum(value),
             -coalesce(sum(value) FILTER (WHERE type = 'purchase-receipt'), 0)
        FROM old_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (day) DO UPDATE SET value_change = t.value_change + excluded.value_change,
        received = t.received + excluded.received;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stock_day_totals AS t (day, value_change, received)
      SELECT (created_at AT TIME ZONE tz)::date, sum(value),
             coalesce(sum(value) FILTER (WHERE type = 'purchase-receipt'), 0)
        FROM new_rows GROUP BY 1 ORDER BY 1
      ON CONFLICT (day) DO UPDATE SET value_change = t.value_change + excluded.value_change,
        received = t.received + excluded.received;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "stock_movements_day_insert" AFTER INSERT ON "stock_movements"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "brigade_stock_day_change"();
--> statement-breakpoint
CREATE TRIGGER "stock_movements_day_delete" AFTER DELETE ON "stock_movements"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "brigade_stock_day_change"();
--> statement-breakpoint
-- Ledger rows move their account's money in or out on their booking day, on the writer's stripe. Rows
-- are never changed but for their reconciled mark, only written and, with the demo, deleted.
CREATE FUNCTION "brigade_ledger_day_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  writer_stripe smallint := pg_backend_pid() % 8;
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO ledger_day_totals AS t (account_id, day, stripe, money_in, money_out)
      SELECT account_id, booked_on, writer_stripe, -coalesce(sum(amount) FILTER (WHERE amount > 0), 0),
             coalesce(sum(amount) FILTER (WHERE amount < 0), 0)
        FROM old_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (account_id, day, stripe) DO UPDATE SET money_in = t.money_in + excluded.money_in,
        money_out = t.money_out + excluded.money_out;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO ledger_day_totals AS t (account_id, day, stripe, money_in, money_out)
      SELECT account_id, booked_on, writer_stripe, coalesce(sum(amount) FILTER (WHERE amount > 0), 0),
             -coalesce(sum(amount) FILTER (WHERE amount < 0), 0)
        FROM new_rows GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT (account_id, day, stripe) DO UPDATE SET money_in = t.money_in + excluded.money_in,
        money_out = t.money_out + excluded.money_out;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "bank_transactions_day_insert" AFTER INSERT ON "bank_transactions"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "brigade_ledger_day_change"();
--> statement-breakpoint
CREATE TRIGGER "bank_transactions_day_delete" AFTER DELETE ON "bank_transactions"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "brigade_ledger_day_change"();
--> statement-breakpoint
-- Every day total again from the records, idempotently: after a restore, and when the time zone (the
-- days' borders) changes. Writers of the records wait meanwhile, so none adds to a table being rebuilt.
CREATE FUNCTION "brigade_rebuild_day_totals"() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  tz text := brigade_time_zone();
BEGIN
  LOCK TABLE orders, stock_movements, bank_transactions IN SHARE MODE;
  DELETE FROM order_day_totals;
  INSERT INTO order_day_totals (day, type, source, orders, subtotal, discount, coupon_discount,
      service_charge, tax, tax_in_prices, delivery_fee, total)
    SELECT (coalesce(completed_at, created_at) AT TIME ZONE tz)::date, type, source, count(*),
           sum(subtotal), sum(discount), coalesce(sum(discount) FILTER (WHERE coupon_code IS NOT NULL), 0),
           sum(service_charge), sum(tax), coalesce(sum(tax) FILTER (WHERE tax_inclusive), 0),
           sum(delivery_fee), sum(total)
      FROM orders WHERE status = 'completed' GROUP BY 1, 2, 3;
  DELETE FROM stock_day_totals;
  INSERT INTO stock_day_totals (day, value_change, received)
    SELECT (created_at AT TIME ZONE tz)::date, sum(value),
           coalesce(sum(value) FILTER (WHERE type = 'purchase-receipt'), 0)
      FROM stock_movements GROUP BY 1;
  DELETE FROM ledger_day_totals;
  INSERT INTO ledger_day_totals (account_id, day, stripe, money_in, money_out)
    SELECT account_id, booked_on, 0, coalesce(sum(amount) FILTER (WHERE amount > 0), 0),
           -coalesce(sum(amount) FILTER (WHERE amount < 0), 0)
      FROM bank_transactions GROUP BY 1, 2;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION "brigade_time_zone_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM brigade_rebuild_day_totals();
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "restaurant_settings_time_zone" AFTER UPDATE OF "time_zone" ON "restaurant_settings"
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone)
  EXECUTE FUNCTION "brigade_time_zone_changed"();
--> statement-breakpoint
SELECT brigade_rebuild_day_totals();
