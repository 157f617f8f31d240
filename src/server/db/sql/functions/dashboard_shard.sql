CREATE OR REPLACE FUNCTION public.dashboard_shard()
 RETURNS smallint
 LANGUAGE sql
 STABLE
AS $function$
  SELECT (pg_backend_pid() % 16)::smallint;
$function$
