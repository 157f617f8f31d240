CREATE OR REPLACE FUNCTION public.lead_search_terms_leads_inserted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO "lead_search_terms" ("lead_id", "kind", "term", "stage", "created_at")
  SELECT n."id", t."kind", t."term", n."stage", n."created_at"
  FROM "new_leads" n JOIN "customers" c ON c."id" = n."customer_id"
  CROSS JOIN LATERAL "lead_search_words"(c."first_name", c."last_name", c."email", c."suburb", c."phone_digits") t;
  RETURN NULL;
END;
$function$
