CREATE OR REPLACE FUNCTION public.dashboard_booking_apply(b bookings, sign integer)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
DECLARE
  v_shard smallint := dashboard_shard();
  v_day date := dashboard_day(b.created_at);
BEGIN
  INSERT INTO dashboard_booking_days AS r VALUES (v_day, sign,
    sign * (b.service_type = 'phone')::int, sign * (b.service_type = 'onsite')::int, v_shard)
  ON CONFLICT (day, shard) DO UPDATE SET made = r.made + excluded.made,
    phone = r.phone + excluded.phone, onsite = r.onsite + excluded.onsite;
  IF sign < 0 THEN
    DELETE FROM dashboard_booking_days r WHERE r.day = v_day AND r.shard = v_shard
      AND r.made = 0 AND r.phone = 0 AND r.onsite = 0;
  END IF;
END;
$function$
