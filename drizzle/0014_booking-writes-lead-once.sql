-- ADR 038: a new booking writes its lead once. bookHold's statement marks the lead booked and sets
-- its appointment and has_booking in its own update; the bookings trigger's sync then finds
-- nothing to change and writes no second version of the lead (a row with a dozen indexes, and the
-- dashboard roll-up's -1/+1 again). Every other booking change is synced as before.
CREATE OR REPLACE FUNCTION "leads_sync_appointment"(lead uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "leads" l SET "appointment_at" = s."appointment_at", "has_booking" = s."has_booking"
  FROM (SELECT
      (SELECT max(b."start_time") FROM "bookings" b
        WHERE b."lead_id" = lead AND b."status" <> 'cancelled') AS "appointment_at",
      EXISTS (SELECT 1 FROM "bookings" b WHERE b."lead_id" = lead) AS "has_booking") s
  WHERE l."id" = lead
    AND (l."appointment_at", l."has_booking") IS DISTINCT FROM (s."appointment_at", s."has_booking");
$$;
--> statement-breakpoint
-- A lead's new stage or creation time (a booking moves it to 'booked') is carried to its search
-- terms in place; only a change of customer computes its words again (ADR 032).
CREATE OR REPLACE FUNCTION "lead_search_terms_lead_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."customer_id" IS NOT DISTINCT FROM NEW."customer_id" THEN
    UPDATE "lead_search_terms" SET "stage" = NEW."stage", "created_at" = NEW."created_at"
    WHERE "lead_id" = NEW."id";
  ELSE
    PERFORM "lead_search_terms_rebuild"(ARRAY[NEW."id"]);
  END IF;
  RETURN NULL;
END;
$$;
