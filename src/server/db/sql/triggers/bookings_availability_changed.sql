CREATE TRIGGER bookings_availability_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.bookings FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed()
