CREATE OR REPLACE FUNCTION public.utm_captures_set_click_family()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE leads l SET click_family = f.family
  FROM (SELECT l2.id, dashboard_click_family(l2.id, l2.session_id, l2.landing_page, l2.referrer,
      l2.utm_source, l2.utm_medium, l2.utm_campaign) AS family
    FROM leads l2
    WHERE l2.id IN (OLD.lead_id, NEW.lead_id) OR l2.session_id IN (OLD.session_id, NEW.session_id)) f
  WHERE l.id = f.id AND l.click_family IS DISTINCT FROM f.family;
  RETURN NULL;
END;
$function$
