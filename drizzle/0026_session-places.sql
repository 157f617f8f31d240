-- Issue 28, ADR 054: the booking page keeps each session's place (where an onsite visit would be)
-- in memory. A change of a customer's place, of which customer or lead a session's visit is, or a
-- removal tells every process to forget those places ('places' on availability_changed).
CREATE FUNCTION public.notify_session_places_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('availability_changed', 'places');
  RETURN NULL;
END;
$function$;
--> statement-breakpoint
CREATE TRIGGER customers_place_changed AFTER UPDATE OF address_lat, address_lng, postcode ON public.customers FOR EACH ROW WHEN (old.address_lat IS DISTINCT FROM new.address_lat OR old.address_lng IS DISTINCT FROM new.address_lng OR old.postcode IS DISTINCT FROM new.postcode) EXECUTE FUNCTION notify_session_places_changed();
--> statement-breakpoint
CREATE TRIGGER customers_place_removed AFTER DELETE OR TRUNCATE ON public.customers FOR EACH STATEMENT EXECUTE FUNCTION notify_session_places_changed();
--> statement-breakpoint
CREATE TRIGGER leads_place_changed AFTER UPDATE OF customer_id, session_id ON public.leads FOR EACH ROW WHEN (old.customer_id IS DISTINCT FROM new.customer_id OR old.session_id IS DISTINCT FROM new.session_id) EXECUTE FUNCTION notify_session_places_changed();
--> statement-breakpoint
CREATE TRIGGER leads_place_removed AFTER DELETE OR TRUNCATE ON public.leads FOR EACH STATEMENT EXECUTE FUNCTION notify_session_places_changed();
--> statement-breakpoint
CREATE TRIGGER lead_visits_place_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.lead_visits FOR EACH STATEMENT EXECUTE FUNCTION notify_session_places_changed();
