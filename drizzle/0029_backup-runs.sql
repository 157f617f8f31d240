-- Issue 31: the record of every backup run (nightly or Back up now), at most one running at a time
CREATE TABLE "backup_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text NOT NULL,
	"trigger" text NOT NULL,
	"location" text,
	"size_bytes" bigint,
	"error" text,
	"removed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "backup_runs_outcome_check" CHECK ("backup_runs"."outcome" in ('running', 'succeeded', 'failed')),
	CONSTRAINT "backup_runs_trigger_check" CHECK ("backup_runs"."trigger" in ('schedule', 'manual'))
);
--> statement-breakpoint
CREATE INDEX "backup_runs_started_idx" ON "backup_runs" USING btree ("started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_runs_one_running_idx" ON "backup_runs" USING btree ("outcome") WHERE "backup_runs"."outcome" = 'running';