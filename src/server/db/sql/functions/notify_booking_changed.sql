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
$function$
