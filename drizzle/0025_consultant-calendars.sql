-- Issue 29, ADR 053: each consultant's own calendar. The feed's token (hashed), the calendar
-- connected for busy times (a CalDAV password sealed like the other secrets), the last good busy
-- times, the sync's state, and the bookings written into a CalDAV calendar. A change of the busy
-- times tells every process's availability cache to read again (as bookings do, ADR 049).
CREATE TABLE "calendar_event_copies" (
	"booking_id" uuid NOT NULL,
	"consultant_id" text NOT NULL,
	"href" text NOT NULL,
	"etag" text,
	"sequence" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_event_copies_booking_id_consultant_id_pk" PRIMARY KEY("booking_id","consultant_id")
);
--> statement-breakpoint
CREATE TABLE "consultant_calendars" (
	"consultant_id" text PRIMARY KEY NOT NULL,
	"feed_token_hash" text,
	"feed_created_at" timestamp with time zone,
	"kind" text,
	"url" text,
	"username" text,
	"password_sealed" text,
	"busy" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_synced_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consultant_calendars_feed_token_hash_unique" UNIQUE("feed_token_hash")
);
--> statement-breakpoint
ALTER TABLE "calendar_event_copies" ADD CONSTRAINT "calendar_event_copies_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consultant_calendars" ADD CONSTRAINT "consultant_calendars_consultant_id_consultants_id_fk" FOREIGN KEY ("consultant_id") REFERENCES "public"."consultants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER consultant_calendars_busy_changed AFTER UPDATE OF busy ON public.consultant_calendars FOR EACH ROW WHEN (old.busy IS DISTINCT FROM new.busy) EXECUTE FUNCTION notify_availability_changed();
--> statement-breakpoint
CREATE TRIGGER consultant_calendars_removed AFTER DELETE OR TRUNCATE ON public.consultant_calendars FOR EACH STATEMENT EXECUTE FUNCTION notify_availability_changed();
