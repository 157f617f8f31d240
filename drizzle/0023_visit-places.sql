-- Issue 28, ADR 052: an onsite hold or booking keeps the visit's place (the customer's address as
-- the server resolved it), so the calendar can keep the consultant busy for the drive to it and on
-- to the next visit; a hold also says which service it was made for. The calendar's row
-- notifications (ADR 051) carry the place.
ALTER TABLE "bookings" ADD COLUMN "visit_lat" double precision;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "visit_lng" double precision;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD COLUMN "service_type" text;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD COLUMN "visit_lat" double precision;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD COLUMN "visit_lng" double precision;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.notify_booking_changed()
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
      'end', floor(extract(epoch from NEW.end_time) * 1000),
      'lat', NEW.visit_lat, 'lng', NEW.visit_lng)::text);
  END IF;
  RETURN NULL;
END;
$function$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.notify_hold_changed()
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
      'expiresAt', floor(extract(epoch from NEW.expires_at) * 1000),
      'lat', NEW.visit_lat, 'lng', NEW.visit_lng)::text);
  END IF;
  RETURN NULL;
END;
$function$;
