CREATE TRIGGER consultant_calendars_removed AFTER DELETE OR TRUNCATE ON public.consultant_calendars FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed()
