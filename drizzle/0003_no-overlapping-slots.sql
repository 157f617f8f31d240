-- ADR 013: no two live bookings, and no two holds, of one staff member may overlap in time, whatever
-- slot grid each was made on. Exclusion constraints over [start_time, end_time) replace the unique
-- indexes on exact start times. btree_gist lets a GiST index compare staff_id (text) with =; it is
-- a trusted extension (PostgreSQL 13+), and PGlite loads it from the constructor's `extensions`.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "legacy_overlap" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Live bookings that already overlap are real appointments: none is cancelled or moved here. The
-- later-made of each overlapping pair is flagged and left out of the constraint, so the rest (never
-- two overlapping) is checked from now on; staff find the flagged ones with
-- `select * from bookings where legacy_overlap`. Plain comparisons, not tstzrange: a malformed row
-- (end before start) is flagged too instead of failing the migration.
UPDATE "bookings" b SET "legacy_overlap" = true
WHERE b."status" <> 'cancelled'
  AND (
    b."end_time" < b."start_time"
    OR EXISTS (
      SELECT 1 FROM "bookings" o
      WHERE o."staff_id" = b."staff_id"
        AND o."status" <> 'cancelled'
        AND o."id" <> b."id"
        AND o."start_time" < b."end_time"
        AND b."start_time" < o."end_time"
        AND (o."created_at", o."id") < (b."created_at", b."id")
    )
  );--> statement-breakpoint
-- Holds last ten minutes and block nothing once expired: those go, and of two overlapping holds the
-- later-made goes (its customer is asked to pick a time again when they confirm).
DELETE FROM "slot_holds" WHERE "expires_at" <= now() OR "end_time" < "start_time";--> statement-breakpoint
DELETE FROM "slot_holds" h
USING "slot_holds" o
WHERE o."staff_id" = h."staff_id"
  AND o."id" <> h."id"
  AND o."start_time" < h."end_time"
  AND h."start_time" < o."end_time"
  AND (o."created_at", o."id") < (h."created_at", h."id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
  "staff_id" WITH =,
  tstzrange("start_time", "end_time") WITH &&
) WHERE ("status" <> 'cancelled' AND NOT "legacy_overlap");--> statement-breakpoint
-- Every hold, expired or not (a constraint cannot ask the clock): a new hold deletes the expired
-- ones in its way in the same transaction (holds.repository.ts placeHold).
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_no_overlap" EXCLUDE USING gist (
  "staff_id" WITH =,
  tstzrange("start_time", "end_time") WITH &&
);--> statement-breakpoint
DROP INDEX "bookings_live_slot_uq";--> statement-breakpoint
DROP INDEX "slot_holds_slot_uq";
