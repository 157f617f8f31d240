CREATE TRIGGER lead_visits_place_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.lead_visits FOR EACH STATEMENT EXECUTE FUNCTION notify_session_places_changed()
