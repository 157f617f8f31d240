CREATE TRIGGER consultants_availability_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.consultants FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed()
