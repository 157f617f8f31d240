CREATE OR REPLACE FUNCTION public.lead_search_terms_customer_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM "lead_search_terms_rebuild"(ARRAY(SELECT l."id" FROM "leads" l WHERE l."customer_id" = NEW."id"));
  RETURN NULL;
END;
$function$
