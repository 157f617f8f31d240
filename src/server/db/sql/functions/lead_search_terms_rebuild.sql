CREATE OR REPLACE FUNCTION public.lead_search_terms_rebuild(ids uuid[])
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM "lead_search_terms" WHERE "lead_id" = ANY(ids);
  INSERT INTO "lead_search_terms" ("lead_id", "kind", "term", "stage", "created_at")
  SELECT l."id", t."kind", t."term", l."stage", l."created_at"
  FROM "leads" l JOIN "customers" c ON c."id" = l."customer_id"
  CROSS JOIN LATERAL "lead_search_words"(c."first_name", c."last_name", c."email", c."suburb", c."phone_digits") t
  WHERE l."id" = ANY(ids);
$function$
