import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings } from '#server/db/schema/index.ts';
import { at, holdAndBook, readyToBook } from '#tests/helpers/booking-flows.ts';
import { createMessagingTestApp, type MessagingTestApp } from '#tests/helpers/messaging-app.ts';
import { waitForStatus } from '#tests/helpers/message-state.ts';

// A booking's messages through the real worker to local servers speaking each protocol.
describe('the messages of a booking', () => {
  let t: MessagingTestApp;
  beforeAll(async () => {
    t = await createMessagingTestApp();
  });
  afterAll(() => t.close());

  it('e-mails the customer an invitation, texts them, tells the business and makes the job', async () => {
    const { sessionId } = await readyToBook(t.app);
    const { booking, manageToken } = await holdAndBook(t.app, sessionId, at('2026-11-25', '10:00'));
    const r = t.receivers;

    const mails = await r.smtp.waitFor(3); // new lead, customer confirmation, new booking
    const confirmation = mails.find((m) => m.parsed.subject?.startsWith('Booking confirmed'));
    expect(confirmation, mails.map((m) => m.parsed.subject).join(' | ')).toBeDefined();
    expect(confirmation?.parsed.text).toContain('/reschedule?token=');
    expect(confirmation?.parsed.text).not.toContain(manageToken); // its own link, not the browser's
    expect(confirmation?.parsed.html).toContain('<');
    const ics = confirmation?.parsed.attachments.find((a) =>
      a.contentType.startsWith('text/calendar'),
    );
    const event = new ICAL.Component(ICAL.parse(ics?.content.toString() ?? ''));
    expect(event.getFirstPropertyValue('method')).toBe('REQUEST');
    const vevent = event.getFirstSubcomponent('vevent');
    expect(vevent?.getFirstPropertyValue('uid')).toBe(`${booking.id}@tintbook`);
    expect(String(vevent?.getFirstPropertyValue('dtstart'))).toBe('2026-11-24T23:00:00Z');

    const subjects = mails.map((m) => m.parsed.subject ?? '');
    const newLead = mails.find((m) => m.parsed.subject?.startsWith('New lead'));
    // the customer's main concern, by the name they chose it by (the lead keeps its id)
    expect(newLead?.parsed.text).toMatch(/Main concern\W+UV \/ Privacy \/ Heat & Glare/);
    expect(subjects.some((s) => s.startsWith('New booking'))).toBe(true);

    const [text] = await r.twilio.waitFor(1);
    expect(text?.to).toMatch(/^\+614\d{8}$/);
    expect(text?.body).toMatch(/Reply STOP to opt out\.$/);

    const [job] = await r.trak.waitFor(1);
    expect(job?.externalId).toBe(booking.id);
    await waitForStatus(t, (m) => m.kind === 'trak_create_job', 'sent');
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.trakJobId).toBe(r.trak.job(booking.id)?.id);
    const [webhook] = await r.webhook.waitFor(1);
    expect(webhook?.body.event).toBe('form_completion');
  });
});
