-- ADR 024: every committed change to what the availability calendar is made of (holds, bookings,
-- settings) sends one NOTIFY on availability_changed, in the same transaction as the change, so
-- the app processes listening drop their cached calendars once it is visible. Statement-level:
-- one notification per statement, folded to one per transaction by PostgreSQL.
CREATE OR REPLACE FUNCTION notify_availability_changed() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('availability_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER slot_holds_availability_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON slot_holds
FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER bookings_availability_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON bookings
FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER settings_availability_changed
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings
FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
