-- ADR 043: a returning customer continues their open lead. Each later browser session of the
-- same person (e-mail or phone of a customer with an open lead) is a visit of that lead: what the
-- visitor typed this time stays here, never over the stored customer, until staff accept it.
CREATE TABLE "lead_visits" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "lead_id" uuid NOT NULL,
  "session_id" uuid NOT NULL,
  "customer_id" uuid,
  "details" jsonb NOT NULL,
  "attribution" jsonb,
  "accepted_at" timestamp with time zone,
  "accepted_by" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "lead_visits_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
ALTER TABLE "lead_visits" ADD CONSTRAINT "lead_visits_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lead_visits" ADD CONSTRAINT "lead_visits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "lead_visits_lead_idx" ON "lead_visits" USING btree ("lead_id","created_at");
--> statement-breakpoint
CREATE INDEX "lead_visits_customer_idx" ON "lead_visits" USING btree ("customer_id");
--> statement-breakpoint
-- the latest visit that continued the lead: the list marks it "Came back"
ALTER TABLE "leads" ADD COLUMN "returned_at" timestamp with time zone;
--> statement-breakpoint
-- a phone typed '0412 345 678' or '+61 412 345 678' is one number: matched on its last 9 digits
CREATE INDEX "customers_phone_tail_idx" ON "customers" USING btree (right("phone_digits", 9));
--> statement-breakpoint
INSERT INTO "settings" ("key", "value", "category", "description") VALUES
  ('returning_lead_days', '90', 'business', 'Days an open lead is continued by the same customer''s next enquiry')
ON CONFLICT ("key") DO NOTHING;
