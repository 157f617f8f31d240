CREATE TRIGGER bookings_sync_lead AFTER INSERT OR DELETE OR UPDATE OF lead_id, start_time, status ON public.bookings FOR EACH ROW EXECUTE FUNCTION bookings_sync_lead()
