import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSettings } from '#server/db/setting-writes.ts';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import { at, holdAndBook, readyToBook } from '#tests/helpers/booking-flows.ts';
import { waitForStatus } from '#tests/helpers/message-state.ts';
import { createMessagingTestApp, type MessagingTestApp } from '#tests/helpers/messaging-app.ts';

// Issue 26 item 13: e-mails read as the business's. The inbox shows the business's name, replies
// go to its e-mail, no e-mail asks for a reply that would reach nobody, the cancellation offers a
// new booking, and phone numbers read as Australians write them.

const friday = '2026-11-27';
const setting = (key: string, value: unknown, category = 'business') => ({
  key,
  value,
  category,
  isSecret: false,
});

describe('the e-mails a customer gets', () => {
  let t: MessagingTestApp;
  beforeAll(async () => {
    t = await createMessagingTestApp();
  });
  afterAll(() => t.close());

  const mailFor = (row: DeliveryRow | undefined) => {
    const mail = t.receivers.smtp.messages.find(
      (m) => m.parsed.messageId === `<${row?.id}@tintbook.local>`,
    );
    if (!mail) throw new Error(`no e-mail arrived for ${row?.kind}`);
    return mail.parsed;
  };
  async function sent(bookingId: string, kind: string) {
    const [row] = await waitForStatus(
      t,
      (m) => m.bookingId === bookingId && m.kind === kind && m.channel === 'email',
      'sent',
    );
    return mailFor(row);
  }
  async function bookAndCancel(time: string) {
    const { sessionId } = await readyToBook(t.app);
    const { booking, manageToken } = await holdAndBook(t.app, sessionId, at(friday, time));
    const confirmed = await sent(booking.id, 'booking_confirmed');
    const res = await t.app.inject({ method: 'POST', url: `/api/manage/${manageToken}/cancel` });
    expect(res.statusCode).toBe(200);
    return { confirmed, cancelled: await sent(booking.id, 'booking_cancelled') };
  }

  it('before the business is confirmed: no reply is asked for, and the cancellation links to booking again', async () => {
    const { confirmed, cancelled } = await bookAndCancel('10:00');
    expect(confirmed.replyTo).toBeUndefined();
    for (const mail of [confirmed, cancelled]) {
      expect(mail.text).not.toMatch(/reply to this e-mail/i);
    }
    expect(cancelled.text).toContain('Book a new time:\nhttp://localhost:3999/');
    expect(String(cancelled.html)).toContain('href="http://localhost:3999/"');
  });

  it('once confirmed: from the business by name, replies to its e-mail, numbers written the Australian way', async () => {
    await saveSettings(t.database.db, [
      setting('business_name', 'Clear View Tinting'),
      setting('contact_email', 'hello@clearview.example'),
      setting('contact_phone', '+61355500000'),
      setting('setup_business_confirmed', true, 'setup'),
    ]);
    const { confirmed, cancelled } = await bookAndCancel('11:00');
    for (const mail of [confirmed, cancelled]) {
      expect(mail.from?.value[0]).toEqual({
        name: 'Clear View Tinting',
        address: 'hello@clearview.example',
      });
      expect(mail.replyTo?.value[0]?.address).toBe('hello@clearview.example');
      expect(mail.text).toContain('call us on (03) 5550 0000');
      expect(mail.text).not.toContain('+613');
    }
    expect(confirmed.text).toContain(
      'Questions? Reply to this e-mail or call us on (03) 5550 0000.',
    );
    // the customer's own number (stored as +61…) as they would write it
    expect(confirmed.text).toMatch(/We call you on: 04\d\d \d{3} \d{3}/);
    expect(confirmed.text).not.toMatch(/\+614/);
    expect(cancelled.text).toContain('Book a new time:\nhttp://localhost:3999/');
  });
});
