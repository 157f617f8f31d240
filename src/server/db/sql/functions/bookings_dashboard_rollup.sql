CREATE OR REPLACE FUNCTION public.bookings_dashboard_rollup()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM dashboard_booking_apply(OLD, -1); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM dashboard_booking_apply(NEW, 1); END IF;
  RETURN NULL;
END;
$function$
