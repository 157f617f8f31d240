CREATE OR REPLACE FUNCTION public.leads_set_click_family()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.click_family := dashboard_click_family(NEW.id, NEW.session_id, NEW.landing_page, NEW.referrer,
    NEW.utm_source, NEW.utm_medium, NEW.utm_campaign);
  RETURN NEW;
END;
$function$
