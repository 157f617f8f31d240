CREATE OR REPLACE FUNCTION public.dashboard_rollups_rebuild(tz text)
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  LOCK TABLE dashboard_rollup_state, dashboard_lead_days, dashboard_concern_days,
    dashboard_promo_days, dashboard_response_days, dashboard_visit_days, dashboard_booking_days
    IN ACCESS EXCLUSIVE MODE;
  UPDATE dashboard_rollup_state SET timezone = tz;
  DELETE FROM dashboard_lead_days;
  DELETE FROM dashboard_concern_days;
  DELETE FROM dashboard_promo_days;
  DELETE FROM dashboard_response_days;
  DELETE FROM dashboard_visit_days;
  DELETE FROM dashboard_booking_days;
  PERFORM dashboard_lead_apply(l, 1) FROM leads l;
  PERFORM dashboard_visit_apply(s, 1) FROM sessions s;
  PERFORM dashboard_booking_apply(b, 1) FROM bookings b;
END;
$function$
