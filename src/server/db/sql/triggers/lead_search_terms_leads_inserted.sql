CREATE TRIGGER lead_search_terms_leads_inserted AFTER INSERT ON public.leads REFERENCING NEW TABLE AS new_leads FOR EACH STATEMENT EXECUTE FUNCTION lead_search_terms_leads_inserted()
