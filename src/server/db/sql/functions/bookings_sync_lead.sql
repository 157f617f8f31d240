CREATE OR REPLACE FUNCTION public.bookings_sync_lead()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
$function$
