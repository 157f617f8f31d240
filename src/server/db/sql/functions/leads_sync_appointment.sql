CREATE OR REPLACE FUNCTION public.leads_sync_appointment(lead uuid)
 RETURNS void
 LANGUAGE sql
AS $function$
  UPDATE "leads" l SET "appointment_at" = s."appointment_at", "has_booking" = s."has_booking"
  FROM (SELECT
      (SELECT max(b."start_time") FROM "bookings" b
        WHERE b."lead_id" = lead AND b."status" <> 'cancelled') AS "appointment_at",
      EXISTS (SELECT 1 FROM "bookings" b WHERE b."lead_id" = lead) AS "has_booking") s
  WHERE l."id" = lead
    AND (l."appointment_at", l."has_booking") IS DISTINCT FROM (s."appointment_at", s."has_booking");
$function$
