import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingDefaults as d } from '#shared/settings/setting-defaults.ts';
import { saveSettings } from '#server/db/setting-writes.ts';
import { at, holdAndBook, readyToBook } from '#tests/helpers/booking-flows.ts';
import { createMessagingTestApp, type MessagingTestApp } from '#tests/helpers/messaging-app.ts';

// Issue 15 item 15: the seeded placeholder business details are not facts. Until an admin
// confirms them, the customer's e-mails, texts and calendar invitation name no business (neutral
// wording), and the invitation's organiser is the address the e-mail comes from.
const placeholders = [d.business_name, d.contact_email, d.contact_phone];

describe('messages while the business details are not confirmed', () => {
  let t: MessagingTestApp;
  beforeAll(async () => {
    t = await createMessagingTestApp();
  });
  afterAll(() => t.close());

  const confirmationTo = async (count: number) => {
    const mails = await t.receivers.smtp.waitFor(count);
    const confirmations = mails.filter((m) => m.parsed.subject?.startsWith('Booking confirmed'));
    return confirmations.at(-1)!;
  };
  const organiserOf = (ics: string) => {
    const event = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent');
    return event?.getFirstProperty('organizer');
  };

  it('carry no placeholder name, e-mail or phone; the organiser is the sender', async () => {
    const { sessionId } = await readyToBook(t.app);
    await holdAndBook(t.app, sessionId, at('2026-11-25', '10:00'));
    const mail = await confirmationTo(3);
    const ics =
      mail.parsed.attachments
        .find((a) => a.contentType.startsWith('text/calendar'))
        ?.content.toString('utf8') ?? '';
    expect(ics).toContain('METHOD:REQUEST');
    for (const text of [mail.parsed.text ?? '', String(mail.parsed.html), ics, mail.raw]) {
      for (const placeholder of placeholders) expect(text).not.toContain(placeholder);
    }
    expect(mail.parsed.text).toMatch(/Thanks for booking an? [a-z ]+ with us\./);
    const organiser = organiserOf(ics);
    expect(organiser?.getFirstValue()).toBe('mailto:no-reply@tintbook.local');
    expect(mail.parsed.from?.value[0]?.address).toBe('no-reply@tintbook.local');

    const [text] = await t.receivers.twilio.waitFor(1);
    for (const placeholder of placeholders) expect(text?.body).not.toContain(placeholder);

    // issue 26 item 10: the business's notices reach the first admin, never the placeholder
    const mails = await t.receivers.smtp.waitFor(3);
    const recipients = mails.flatMap((m) => m.envelope.to);
    expect(recipients).not.toContain(d.contact_email);
    const notices = mails.filter((m) => m.parsed.subject?.startsWith('New '));
    expect(notices.map((m) => m.envelope.to)).toEqual([[t.owner.email], [t.owner.email]]);
  });

  it('once confirmed, name the business and organise from its e-mail', async () => {
    await saveSettings(t.database.db, [
      { key: 'business_name', value: 'Clear View Tinting', category: 'business', isSecret: false },
      {
        key: 'contact_email',
        value: 'hello@clearview.example',
        category: 'business',
        isSecret: false,
      },
      { key: 'setup_business_confirmed', value: true, category: 'setup', isSecret: false },
    ]);
    const { sessionId } = await readyToBook(t.app);
    await holdAndBook(t.app, sessionId, at('2026-11-25', '11:00'));
    const mail = await confirmationTo(6);
    expect(mail.parsed.text).toContain('with Clear View Tinting.');
    // once confirmed, the business e-mail takes the notices over from the first admin
    const notices = (await t.receivers.smtp.waitFor(6))
      .slice(3)
      .filter((m) => m.parsed.subject?.startsWith('New '));
    expect(notices.map((m) => m.envelope.to)).toEqual([
      ['hello@clearview.example'],
      ['hello@clearview.example'],
    ]);
    const ics =
      mail.parsed.attachments
        .find((a) => a.contentType.startsWith('text/calendar'))
        ?.content.toString('utf8') ?? '';
    expect(organiserOf(ics)?.getFirstValue()).toBe('mailto:hello@clearview.example');
    expect(organiserOf(ics)?.getParameter('cn')).toBe('Clear View Tinting');
  });
});
