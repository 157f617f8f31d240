CREATE OR REPLACE FUNCTION public.dashboard_visit_apply(s sessions, sign integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_shard smallint := dashboard_shard();
  v_day date := dashboard_day(s.created_at);
BEGIN
  IF s.previous_session_id IS NOT NULL OR s.previous_booking_session_id IS NOT NULL THEN
    RETURN;
  END IF;
  INSERT INTO dashboard_visit_days AS r VALUES (v_day, sign, v_shard)
  ON CONFLICT (day, shard) DO UPDATE SET visitors = r.visitors + excluded.visitors;
  IF sign < 0 THEN
    DELETE FROM dashboard_visit_days r WHERE r.day = v_day AND r.shard = v_shard
      AND r.visitors = 0;
  END IF;
END;
$function$
