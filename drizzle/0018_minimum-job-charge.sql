-- ADR 044: a job under the pane threshold pays at least a minimum charge in dollars, instead of
-- being priced as that many panes of its average size. Seeded idempotently; the threshold's help
-- text changes only where an admin has not written their own.
INSERT INTO "settings" ("key", "value", "category", "description") VALUES
  ('minimum_job_charge_cents', '27000', 'pricing', 'Least a job under the pane threshold pays for its tinting (travel added)')
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
UPDATE "settings" SET "description" = 'Jobs with fewer panes pay at least the minimum job charge'
WHERE "key" = 'glass_minimum_threshold' AND "description" = 'Jobs with fewer panes are priced as this many';
