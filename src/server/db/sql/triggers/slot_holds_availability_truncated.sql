CREATE TRIGGER slot_holds_availability_truncated AFTER TRUNCATE ON public.slot_holds FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed()
