CREATE TRIGGER slot_holds_calendar_row_changed AFTER INSERT OR DELETE OR UPDATE ON public.slot_holds FOR EACH ROW EXECUTE FUNCTION notify_hold_changed()
