-- ADR 042: the /leads search also finds a phone by its last digits ('345 678') and an e-mail by a
-- part of it ('nguyen@example' for an.nguyen@example.com), still from lead_search_terms' one
-- prefix index (ADR 032): a phone's digits are kept reversed as well (kind 'phone_tail', so its
-- last digits are the start of a term), and an e-mail from each part of its local part on and from
-- its domain on (kind 'word', as the whole e-mail is).
CREATE OR REPLACE FUNCTION "lead_search_words"(first_name text, last_name text, email text, suburb text, phone_digits text)
RETURNS TABLE ("kind" text, "term" text) LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT t.kind, t.term FROM (
    SELECT 'word', lower(v) FROM unnest(ARRAY[first_name, last_name, email, suburb]) v
    UNION ALL
    SELECT 'word', w FROM unnest(ARRAY[first_name, last_name, suburb]) v,
      regexp_split_to_table(lower(v), '[\s-]+') w
    UNION ALL
    -- after each '.', '_', '+' or '-' of the local part, and after the '@'
    SELECT 'word', substr(lower(email), p + 1)
    FROM generate_series(1, strpos(email, '@')) p
    WHERE substr(email, p, 1) IN ('.', '_', '+', '-', '@')
    UNION ALL
    SELECT 'phone', phone_digits
    UNION ALL
    SELECT 'phone_tail', reverse(phone_digits)
  ) t(kind, term)
  WHERE t.term <> '';
$$;--> statement-breakpoint
-- every lead's terms again, the index made after the rows are in (as migration 0012 did)
DROP INDEX "lead_search_terms_prefix_idx";--> statement-breakpoint
TRUNCATE "lead_search_terms";--> statement-breakpoint
INSERT INTO "lead_search_terms" ("lead_id", "kind", "term", "stage", "created_at")
SELECT l."id", t."kind", t."term", l."stage", l."created_at"
FROM "leads" l JOIN "customers" c ON c."id" = l."customer_id"
CROSS JOIN LATERAL "lead_search_words"(c."first_name", c."last_name", c."email", c."suburb", c."phone_digits") t;--> statement-breakpoint
CREATE INDEX "lead_search_terms_prefix_idx" ON "lead_search_terms" USING btree ("kind","term" text_pattern_ops,"stage","created_at","lead_id");
