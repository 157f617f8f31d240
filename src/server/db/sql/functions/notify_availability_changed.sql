CREATE OR REPLACE FUNCTION public.notify_availability_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('availability_changed', '');
  RETURN NULL;
END;
$function$
