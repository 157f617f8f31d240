-- Issue 28, ADR 052: the minutes added to every drive to and from an onsite visit, a booking rule
-- (the spec's grid is unchanged). Seeded idempotently.
INSERT INTO "settings" ("key", "value", "category", "description") VALUES
  ('onsite_travel_buffer_minutes', '15', 'booking_rules', 'Minutes added to each drive to and from an onsite visit')
ON CONFLICT ("key") DO NOTHING;
