CREATE OR REPLACE FUNCTION public.lead_search_terms_lead_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF OLD."customer_id" IS NOT DISTINCT FROM NEW."customer_id" THEN
    UPDATE "lead_search_terms" SET "stage" = NEW."stage", "created_at" = NEW."created_at"
    WHERE "lead_id" = NEW."id";
  ELSE
    PERFORM "lead_search_terms_rebuild"(ARRAY[NEW."id"]);
  END IF;
  RETURN NULL;
END;
$function$
