CREATE TRIGGER bookings_dashboard_rollup AFTER INSERT OR DELETE OR UPDATE OF created_at, service_type ON public.bookings FOR EACH ROW EXECUTE FUNCTION bookings_dashboard_rollup()
