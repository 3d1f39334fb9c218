-- Stock movements stay append-only, with one exception: removing the demo data deletes the demo
-- items' movements with them. That transaction alone turns on `brigade.removing_demo_stock`
-- (set_config(..., true): it ends with the transaction); every other update or delete is refused.
CREATE OR REPLACE FUNCTION "brigade_stock_movements_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A deleted user's movements keep everything but the link to them (the foreign key sets it null).
  IF TG_OP = 'UPDATE' AND NEW.actor_id IS NULL AND OLD.actor_id IS NOT NULL
     AND to_jsonb(NEW) - 'actor_id' = to_jsonb(OLD) - 'actor_id' THEN
    RETURN NEW;
  END IF;
  -- The demo data's removal deletes the movements of the demo's items.
  IF TG_OP = 'DELETE' AND current_setting('brigade.removing_demo_stock', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'stock movements are append-only: record a new movement instead'
    USING ERRCODE = 'restrict_violation';
END;
$$;
