CREATE TRIGGER leads_dashboard_rollup_insert_delete AFTER INSERT OR DELETE ON public.leads FOR EACH ROW EXECUTE FUNCTION leads_dashboard_rollup()
