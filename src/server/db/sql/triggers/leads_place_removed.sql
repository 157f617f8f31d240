CREATE TRIGGER leads_place_removed AFTER DELETE OR TRUNCATE ON public.leads FOR EACH STATEMENT EXECUTE FUNCTION notify_session_places_changed()
