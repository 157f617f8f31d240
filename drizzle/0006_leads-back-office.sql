CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"customer_id" uuid,
	"staff_user_id" uuid,
	"staff_name" text,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "lead_id" uuid;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "staff_user_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (regexp_replace(phone, '[^0-9]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_staff_action_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "appointment_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "has_booking" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "privacy_requests_created_idx" ON "privacy_requests" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_lead_idx" ON "bookings" USING btree ("lead_id","start_time");--> statement-breakpoint
CREATE INDEX "activities_lead_idx" ON "activities" USING btree ("lead_id","timestamp");--> statement-breakpoint
CREATE INDEX "activities_customer_idx" ON "activities" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "customers_email_prefix_idx" ON "customers" USING btree ("email" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_phone_digits_idx" ON "customers" USING btree ("phone_digits" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_first_name_prefix_idx" ON "customers" USING btree (lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_last_name_prefix_idx" ON "customers" USING btree (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "customers_suburb_prefix_idx" ON "customers" USING btree (lower("suburb") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "leads_created_id_idx" ON "leads" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "leads_stage_created_idx" ON "leads" USING btree ("stage","created_at","id");--> statement-breakpoint
CREATE INDEX "leads_appointment_idx" ON "leads" USING btree ("appointment_at","id");--> statement-breakpoint
CREATE INDEX "leads_untouched_idx" ON "leads" USING btree ("created_at","id") WHERE "leads"."first_staff_action_at" is null;--> statement-breakpoint
CREATE INDEX "leads_pain_point_idx" ON "leads" USING btree (("data" -> 'details' ->> 'painPoint'));--> statement-breakpoint
CREATE INDEX "leads_source_idx" ON "leads" USING btree (lower(coalesce("utm_source", "source")));--> statement-breakpoint
CREATE INDEX "leads_medium_idx" ON "leads" USING btree (lower(coalesce("utm_medium", "medium")));--> statement-breakpoint
CREATE INDEX "leads_campaign_idx" ON "leads" USING btree (lower(coalesce("utm_campaign", "campaign")));--> statement-breakpoint
-- leads.appointment_at / has_booking follow the lead's bookings whoever changes them (the
-- customer's booking, their manage link, staff, a merge): the start of the latest live booking,
-- and whether any booking exists. Kept by the database so no code path can forget it.
CREATE OR REPLACE FUNCTION "leads_sync_appointment"(lead uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE "leads" SET
    "appointment_at" = (SELECT max(b."start_time") FROM "bookings" b
                        WHERE b."lead_id" = lead AND b."status" <> 'cancelled'),
    "has_booking" = EXISTS (SELECT 1 FROM "bookings" b WHERE b."lead_id" = lead)
  WHERE "id" = lead;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bookings_sync_lead"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD."lead_id" IS NOT NULL THEN
    PERFORM "leads_sync_appointment"(OLD."lead_id");
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."lead_id" IS NOT NULL
     AND (TG_OP = 'INSERT' OR NEW."lead_id" IS DISTINCT FROM OLD."lead_id"
          OR NEW."start_time" IS DISTINCT FROM OLD."start_time"
          OR NEW."status" IS DISTINCT FROM OLD."status") THEN
    PERFORM "leads_sync_appointment"(NEW."lead_id");
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "bookings_sync_lead" AFTER INSERT OR DELETE OR UPDATE OF "lead_id", "start_time", "status"
  ON "bookings" FOR EACH ROW EXECUTE FUNCTION "bookings_sync_lead"();--> statement-breakpoint
UPDATE "leads" l SET
  "appointment_at" = (SELECT max(b."start_time") FROM "bookings" b
                      WHERE b."lead_id" = l."id" AND b."status" <> 'cancelled'),
  "has_booking" = true
WHERE EXISTS (SELECT 1 FROM "bookings" b WHERE b."lead_id" = l."id");--> statement-breakpoint
-- booking activities made before activities had a lead: their booking names it
UPDATE "activities" a SET "lead_id" = b."lead_id"
FROM "bookings" b
WHERE a."event_type" = 'booking' AND a."lead_id" IS NULL AND b."id"::text = a."data" ->> 'bookingId';
