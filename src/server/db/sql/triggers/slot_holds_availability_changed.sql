CREATE TRIGGER slot_holds_availability_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.slot_holds FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed()
