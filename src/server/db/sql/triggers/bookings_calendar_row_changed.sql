CREATE TRIGGER bookings_calendar_row_changed AFTER INSERT OR DELETE OR UPDATE OF staff_id, start_time, end_time, status ON public.bookings FOR EACH ROW EXECUTE FUNCTION notify_booking_changed()
