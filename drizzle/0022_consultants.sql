-- Issue 28, ADR 052: consultants with their own hours, services, base and territory replace the
-- booking_staff setting. Each staff member becomes a consultant with the same id (existing bookings
-- and holds keep naming them), both services, active, working the whole slot grid of the booking
-- rules on every weekday (the rules still close weekends, holidays and blackout dates), so the
-- calendar offers exactly what it offered before. A change of consultants notifies the calendar
-- cache to read everything (like a change of settings).
CREATE TABLE "consultants" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"mobile" text,
	"staff_user_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"services" text[] DEFAULT array['phone', 'onsite'] NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"time_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"base_place_id" text,
	"base_address" text,
	"base_lat" double precision,
	"base_lng" double precision,
	"territory" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consultants" ADD CONSTRAINT "consultants_staff_user_id_staff_users_id_fk" FOREIGN KEY ("staff_user_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
WITH grid AS (
  SELECT
    coalesce((SELECT value #>> '{}' FROM settings WHERE key = 'first_slot'), '08:00') AS first_slot,
    coalesce((SELECT (value #>> '{}')::int FROM settings WHERE key = 'slots_per_day'), 16)
      * coalesce((SELECT (value #>> '{}')::int FROM settings WHERE key = 'slot_minutes'), 30)
      AS length
), bounds AS (
  SELECT first_slot,
    least(split_part(first_slot, ':', 1)::int * 60 + split_part(first_slot, ':', 2)::int + length, 1440)
      AS end_minutes
  FROM grid
), week AS (
  SELECT jsonb_build_object('sun', r, 'mon', r, 'tue', r, 'wed', r, 'thu', r, 'fri', r, 'sat', r) AS hours
  FROM (
    SELECT jsonb_build_array(jsonb_build_object(
      'start', first_slot,
      'end', lpad((end_minutes / 60)::text, 2, '0') || ':' || lpad((end_minutes % 60)::text, 2, '0')
    )) AS r
    FROM bounds
  ) ranges
), staff AS (
  SELECT coalesce(
    (SELECT value FROM settings WHERE key = 'booking_staff' AND jsonb_typeof(value) = 'array'),
    '[{"id":"staff-1","name":"Consultant"}]'::jsonb
  ) AS members
)
INSERT INTO consultants (id, name, weekly_hours)
SELECT member ->> 'id', coalesce(nullif(member ->> 'name', ''), member ->> 'id'), week.hours
FROM staff, jsonb_array_elements(staff.members) AS member, week
WHERE member ->> 'id' IS NOT NULL
ON CONFLICT (id) DO NOTHING;
--> statement-breakpoint
DELETE FROM settings WHERE key = 'booking_staff';
--> statement-breakpoint
CREATE TRIGGER consultants_availability_changed AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.consultants FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
