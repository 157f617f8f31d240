CREATE OR REPLACE FUNCTION public.dashboard_day(at timestamp with time zone)
 RETURNS date
 LANGUAGE sql
 STABLE
AS $function$
  SELECT (at AT TIME ZONE (SELECT timezone FROM dashboard_rollup_state))::date;
$function$
