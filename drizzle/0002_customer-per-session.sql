ALTER TABLE "customers" DROP CONSTRAINT "customers_email_unique";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "created_by_session_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "possible_duplicate_of" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_possible_duplicate_of_customers_id_fk" FOREIGN KEY ("possible_duplicate_of") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customers_email_idx" ON "customers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "customers_possible_duplicate_idx" ON "customers" USING btree ("possible_duplicate_of");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_created_by_session_id_unique" UNIQUE("created_by_session_id");