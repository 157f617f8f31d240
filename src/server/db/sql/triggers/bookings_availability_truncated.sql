CREATE TRIGGER bookings_availability_truncated AFTER TRUNCATE ON public.bookings FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed()
