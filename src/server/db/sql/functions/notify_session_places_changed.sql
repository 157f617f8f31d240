CREATE OR REPLACE FUNCTION public.notify_session_places_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('availability_changed', 'places');
  RETURN NULL;
END;
$function$
