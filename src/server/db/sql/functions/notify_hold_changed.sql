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
$function$
