CREATE TRIGGER customers_place_removed AFTER DELETE OR TRUNCATE ON public.customers FOR EACH STATEMENT EXECUTE FUNCTION notify_session_places_changed()
