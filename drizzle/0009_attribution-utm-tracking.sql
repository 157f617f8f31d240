CREATE TABLE "utm_tracking" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"customer_id" uuid,
	"lead_id" uuid,
	"family" text NOT NULL,
	"source" text NOT NULL,
	"medium" text NOT NULL,
	"campaign" text,
	"utm_source" text,
	"utm_medium" text,
	"utm_campaign" text,
	"utm_term" text,
	"utm_content" text,
	"gclid" text,
	"gbraid" text,
	"wbraid" text,
	"gad_source" text,
	"gad_campaignid" text,
	"fbclid" text,
	"page_url" text,
	"referrer" text,
	"ip_address" text,
	"user_agent" text,
	"fingerprint" text NOT NULL,
	"captured_at" timestamp with time zone DEFAULT now() NOT NULL,
	"minimised_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "utm_tracking" ADD CONSTRAINT "utm_tracking_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "utm_tracking" ADD CONSTRAINT "utm_tracking_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "utm_tracking_session_fingerprint_idx" ON "utm_tracking" USING btree ("session_id","fingerprint");--> statement-breakpoint
CREATE INDEX "utm_tracking_customer_idx" ON "utm_tracking" USING btree ("customer_id","captured_at");--> statement-breakpoint
CREATE INDEX "utm_tracking_lead_idx" ON "utm_tracking" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "utm_tracking_captured_idx" ON "utm_tracking" USING btree ("captured_at");