-- Issue 27, ADR 051: the cached calendar applies each changed booking or hold instead of reading
-- the whole horizon again after every write. Each row change notifies with the row as the calendar
-- keeps it (an empty payload still means "read everything": settings, TRUNCATE, a reconnect).
CREATE FUNCTION public.notify_booking_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('availability_changed', json_build_object('kind', 'booking', 'id', OLD.id, 'live', false)::text);
  ELSE
    PERFORM pg_notify('availability_changed', json_build_object(
      'kind', 'booking', 'id', NEW.id, 'live', NEW.status <> 'cancelled', 'staffId', NEW.staff_id,
      'start', floor(extract(epoch from NEW.start_time) * 1000),
      'end', floor(extract(epoch from NEW.end_time) * 1000))::text);
  END IF;
  RETURN NULL;
END;
$function$;
--> statement-breakpoint
CREATE FUNCTION public.notify_hold_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('availability_changed', json_build_object('kind', 'hold', 'id', OLD.id, 'live', false)::text);
  ELSE
    PERFORM pg_notify('availability_changed', json_build_object(
      'kind', 'hold', 'id', NEW.id, 'live', true, 'staffId', NEW.staff_id,
      'start', floor(extract(epoch from NEW.start_time) * 1000),
      'end', floor(extract(epoch from NEW.end_time) * 1000),
      'sessionId', NEW.session_id,
      'expiresAt', floor(extract(epoch from NEW.expires_at) * 1000))::text);
  END IF;
  RETURN NULL;
END;
$function$;
--> statement-breakpoint
DROP TRIGGER "bookings_availability_changed" ON "bookings";
--> statement-breakpoint
DROP TRIGGER "slot_holds_availability_changed" ON "slot_holds";
--> statement-breakpoint
CREATE TRIGGER "bookings_calendar_row_changed" AFTER INSERT OR DELETE OR UPDATE OF staff_id, start_time, end_time, status ON "bookings" FOR EACH ROW EXECUTE FUNCTION notify_booking_changed();
--> statement-breakpoint
CREATE TRIGGER "slot_holds_calendar_row_changed" AFTER INSERT OR DELETE OR UPDATE ON "slot_holds" FOR EACH ROW EXECUTE FUNCTION notify_hold_changed();
--> statement-breakpoint
CREATE TRIGGER "bookings_availability_truncated" AFTER TRUNCATE ON "bookings" FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER "slot_holds_availability_truncated" AFTER TRUNCATE ON "slot_holds" FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
