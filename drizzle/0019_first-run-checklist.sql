-- Issue 26 item 10: the first-run checklist asks whether a test e-mail ever went out; the
-- partial index keeps that one look-up small however many messages are sent.
CREATE INDEX "message_deliveries_test_idx" ON "message_deliveries" USING btree ("created_at") WHERE "message_deliveries"."kind" = 'test';
