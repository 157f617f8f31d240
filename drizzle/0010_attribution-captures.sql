DROP TABLE "utm_tracking" CASCADE;--> statement-breakpoint
ALTER TABLE "utm_captures" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "utm_captures" ADD COLUMN "family" text;--> statement-breakpoint
ALTER TABLE "utm_captures" ADD COLUMN "wbraid" text;--> statement-breakpoint
ALTER TABLE "utm_captures" ADD COLUMN "ip_address" text;--> statement-breakpoint
ALTER TABLE "utm_captures" ADD COLUMN "user_agent" text;--> statement-breakpoint
ALTER TABLE "utm_captures" ADD COLUMN "fingerprint" text;--> statement-breakpoint
ALTER TABLE "utm_captures" ADD CONSTRAINT "utm_captures_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "utm_captures_customer_idx" ON "utm_captures" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "utm_captures_created_idx" ON "utm_captures" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "utm_captures_session_fingerprint_idx" ON "utm_captures" USING btree ("session_id","fingerprint");