CREATE TABLE "lead_search_terms" (
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"term" text NOT NULL,
	"stage" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lead_search_terms_lead_id_kind_term_pk" PRIMARY KEY("lead_id","kind","term")
);
--> statement-breakpoint
ALTER TABLE "lead_search_terms" ADD CONSTRAINT "lead_search_terms_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- ADR 032: the /leads search reads lead_search_terms, kept here by the database whoever writes
-- (a contact submission, staff, a merge, an erasure). The terms of a customer: first and last
-- name, e-mail and suburb lowercased, whole and (names, suburb) word by word, and the phone's digits.
CREATE FUNCTION "lead_search_words"(first_name text, last_name text, email text, suburb text, phone_digits text)
RETURNS TABLE ("kind" text, "term" text) LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT t.kind, t.term FROM (
    SELECT 'word', lower(v) FROM unnest(ARRAY[first_name, last_name, email, suburb]) v
    UNION ALL
    SELECT 'word', w FROM unnest(ARRAY[first_name, last_name, suburb]) v,
      regexp_split_to_table(lower(v), '[\s-]+') w
    UNION ALL
    SELECT 'phone', phone_digits
  ) t(kind, term)
  WHERE t.term <> '';
$$;--> statement-breakpoint
CREATE FUNCTION "lead_search_terms_rebuild"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  DELETE FROM "lead_search_terms" WHERE "lead_id" = ANY(ids);
  INSERT INTO "lead_search_terms" ("lead_id", "kind", "term", "stage", "created_at")
  SELECT l."id", t."kind", t."term", l."stage", l."created_at"
  FROM "leads" l JOIN "customers" c ON c."id" = l."customer_id"
  CROSS JOIN LATERAL "lead_search_words"(c."first_name", c."last_name", c."email", c."suburb", c."phone_digits") t
  WHERE l."id" = ANY(ids);
$$;--> statement-breakpoint
-- new leads, one statement at a time (a bulk insert is one join, not a call per row)
CREATE FUNCTION "lead_search_terms_leads_inserted"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "lead_search_terms" ("lead_id", "kind", "term", "stage", "created_at")
  SELECT n."id", t."kind", t."term", n."stage", n."created_at"
  FROM "new_leads" n JOIN "customers" c ON c."id" = n."customer_id"
  CROSS JOIN LATERAL "lead_search_words"(c."first_name", c."last_name", c."email", c."suburb", c."phone_digits") t;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "lead_search_terms_leads_inserted" AFTER INSERT ON "leads"
  REFERENCING NEW TABLE AS "new_leads" FOR EACH STATEMENT
  EXECUTE FUNCTION "lead_search_terms_leads_inserted"();--> statement-breakpoint
CREATE FUNCTION "lead_search_terms_lead_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "lead_search_terms_rebuild"(ARRAY[NEW."id"]);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "lead_search_terms_lead_changed" AFTER UPDATE OF "customer_id", "stage", "created_at" ON "leads"
  FOR EACH ROW WHEN (OLD."customer_id" IS DISTINCT FROM NEW."customer_id"
    OR OLD."stage" IS DISTINCT FROM NEW."stage" OR OLD."created_at" IS DISTINCT FROM NEW."created_at")
  EXECUTE FUNCTION "lead_search_terms_lead_changed"();--> statement-breakpoint
CREATE FUNCTION "lead_search_terms_customer_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "lead_search_terms_rebuild"(ARRAY(SELECT l."id" FROM "leads" l WHERE l."customer_id" = NEW."id"));
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "lead_search_terms_customer_changed"
  AFTER UPDATE OF "first_name", "last_name", "email", "suburb", "phone" ON "customers"
  FOR EACH ROW WHEN (OLD."first_name" IS DISTINCT FROM NEW."first_name"
    OR OLD."last_name" IS DISTINCT FROM NEW."last_name" OR OLD."email" IS DISTINCT FROM NEW."email"
    OR OLD."suburb" IS DISTINCT FROM NEW."suburb" OR OLD."phone" IS DISTINCT FROM NEW."phone")
  EXECUTE FUNCTION "lead_search_terms_customer_changed"();--> statement-breakpoint
INSERT INTO "lead_search_terms" ("lead_id", "kind", "term", "stage", "created_at")
SELECT l."id", t."kind", t."term", l."stage", l."created_at"
FROM "leads" l JOIN "customers" c ON c."id" = l."customer_id"
CROSS JOIN LATERAL "lead_search_words"(c."first_name", c."last_name", c."email", c."suburb", c."phone_digits") t;--> statement-breakpoint
-- the index after the rows are in: one sort instead of half a million insertions
CREATE INDEX "lead_search_terms_prefix_idx" ON "lead_search_terms" USING btree ("kind","term" text_pattern_ops,"stage","created_at","lead_id");
