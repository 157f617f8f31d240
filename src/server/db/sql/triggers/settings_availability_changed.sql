CREATE TRIGGER settings_availability_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.settings FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed()
