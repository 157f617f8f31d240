import ICAL from 'ical.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { icsFile } from '#shared/booking/calendar-event.ts';
import { PermanentDeliveryError, TransientDeliveryError } from '#server/integrations/delivery.ts';
import { recordingLog } from '#tests/helpers/protocol-servers/recording-log.ts';
import {
  startSmtpReceiver,
  type SmtpReceiver,
} from '#tests/helpers/protocol-servers/smtp-receiver.ts';
import { closeMailers, sendEmail, type EmailMessage } from './send-email';
import { resolveSmtpTarget, type SmtpTarget } from './smtp-target';

const invitation = icsFile(
  {
    uid: 'b-123@tintbook',
    start: '2026-11-24T10:30:00+11:00',
    end: '2026-11-24T11:00:00+11:00',
    stamp: Date.parse('2026-11-20T00:00:00Z'),
    summary: 'Window tinting phone consultation',
    description: 'We call you.',
    sequence: 2,
    organizer: { name: 'Tint Co', email: 'bookings@tint.example' },
    attendee: { name: 'Alex Citizen', email: 'alex@example.com' },
  },
  'REQUEST',
);

const message = (overrides: Partial<EmailMessage> = {}): EmailMessage => ({
  to: 'alex@example.com',
  from: 'bookings@tint.example',
  replyTo: 'office@tint.example',
  subject: 'Your consultation is booked',
  text: 'See you on Tuesday.',
  html: '<p>See you on <strong>Tuesday</strong>.</p>',
  messageId: '<delivery-1@tintbook.local>',
  ...overrides,
});

describe('sendEmail over SMTP', () => {
  let receiver: SmtpReceiver;
  let target: SmtpTarget;

  beforeAll(async () => {
    receiver = await startSmtpReceiver();
    target = resolveSmtpTarget(receiver.url, {}, 'bookings@tint.example')!;
  });
  afterEach(async () => {
    receiver.answerWith(undefined);
    receiver.messages.length = 0;
    await receiver.restart();
  });
  afterAll(async () => {
    closeMailers();
    await receiver.stop();
  });

  it('delivers text, HTML and the invitation the server can parse', async () => {
    const delivered = await sendEmail(
      target,
      message({ calendar: { method: 'REQUEST', content: invitation } }),
      recordingLog(),
    );
    expect(delivered).toEqual({
      provider: 'smtp',
      providerMessageId: '<delivery-1@tintbook.local>',
    });

    const [mail] = await receiver.waitFor(1);
    expect(mail!.envelope).toEqual({ from: 'bookings@tint.example', to: ['alex@example.com'] });
    const parsed = mail!.parsed;
    expect(parsed.messageId).toBe('<delivery-1@tintbook.local>');
    expect(parsed.subject).toBe('Your consultation is booked');
    expect(parsed.replyTo?.text).toBe('office@tint.example');
    expect(parsed.text?.trim()).toBe('See you on Tuesday.');
    expect(parsed.html).toContain('<strong>Tuesday</strong>');

    // the text/calendar alternative carries the method, so mail clients show an invitation
    expect(mail!.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=REQUEST/i);
    const ics = parsed.attachments.find((part) => part.filename === 'invite.ics');
    expect(ics).toBeDefined();
    const calendar = new ICAL.Component(ICAL.parse(ics!.content.toString('utf8')));
    expect(calendar.getFirstPropertyValue('method')).toBe('REQUEST');
    const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
    expect(event.uid).toBe('b-123@tintbook');
    expect(event.sequence).toBe(2);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe('2026-11-23T23:30:00.000Z');
  });

  it('reuses pooled connections for several messages', async () => {
    const log = recordingLog();
    await Promise.all(
      [1, 2, 3, 4].map((n) =>
        sendEmail(target, message({ messageId: `<d-${n}@tintbook.local>` }), log),
      ),
    );
    const mails = await receiver.waitFor(4);
    expect(mails.map((mail) => mail.parsed.messageId).sort()).toEqual([
      '<d-1@tintbook.local>',
      '<d-2@tintbook.local>',
      '<d-3@tintbook.local>',
      '<d-4@tintbook.local>',
    ]);
  });

  it('treats 550 (mailbox unavailable) as permanent', async () => {
    receiver.answerWith(550);
    const sending = sendEmail(target, message(), recordingLog());
    await expect(sending).rejects.toBeInstanceOf(PermanentDeliveryError);
    await expect(sending).rejects.toThrow(/550/);
    expect(receiver.messages).toHaveLength(0);
  });

  it('treats 451 after the data (try again later) as transient, and the retry arrives', async () => {
    receiver.answerWith(451, { stage: 'data', times: 1 });
    const sending = sendEmail(target, message(), recordingLog());
    await expect(sending).rejects.toBeInstanceOf(TransientDeliveryError);
    await expect(sending).rejects.toThrow(/451/);
    await sendEmail(target, message(), recordingLog());
    expect(await receiver.waitFor(1)).toHaveLength(1);
  });

  it('treats a refused connection as transient and recovers when the server is back', async () => {
    await sendEmail(target, message(), recordingLog()); // a pooled connection is open
    await receiver.stop();
    await expect(sendEmail(target, message(), recordingLog())).rejects.toBeInstanceOf(
      TransientDeliveryError,
    );
    await receiver.restart();
    await sendEmail(target, message({ messageId: '<after@tintbook.local>' }), recordingLog());
    const mails = await receiver.waitFor(2);
    expect(mails.at(-1)!.parsed.messageId).toBe('<after@tintbook.local>');
  });
});

describe('sendEmail with a server that requires AUTH', () => {
  let receiver: SmtpReceiver;
  beforeAll(async () => {
    receiver = await startSmtpReceiver({ auth: { user: 'mailer', pass: 's3cret' } });
  });
  afterAll(async () => {
    closeMailers();
    await receiver.stop();
  });

  it('signs in with the saved credentials', async () => {
    const target = resolveSmtpTarget(
      undefined,
      { host: receiver.host, port: receiver.port, user: 'mailer', password: 's3cret' },
      'bookings@tint.example',
    );
    await sendEmail(target, message(), recordingLog());
    const [mail] = await receiver.waitFor(1);
    expect(mail!.user).toBe('mailer');
  });

  it('treats refused credentials (535) as permanent', async () => {
    const target = resolveSmtpTarget(
      undefined,
      { host: receiver.host, port: receiver.port, user: 'mailer', password: 'wrong' },
      'bookings@tint.example',
    );
    const sending = sendEmail(target, message(), recordingLog());
    await expect(sending).rejects.toBeInstanceOf(PermanentDeliveryError);
    await expect(sending).rejects.toThrow(/535/);
  });
});

describe('sendEmail in local mode', () => {
  it('logs the recipient and subject, never the body', async () => {
    const log = recordingLog();
    const secret = 'https://tint.example/reschedule?token=very-secret-token';
    const delivered = await sendEmail(
      undefined,
      message({ text: `Manage: ${secret}`, html: `<a href="${secret}">Manage</a>` }),
      log,
    );
    expect(delivered).toEqual({ provider: 'log', local: true });
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]!.level).toBe('info');
    expect(log.text()).toContain('alex@example.com');
    expect(log.text()).toContain('Your consultation is booked');
    expect(log.text()).not.toContain('very-secret-token');
    expect(log.text()).not.toContain('See you');
  });
});

describe('resolveSmtpTarget', () => {
  it('is local mode when neither SMTP_URL nor a host is set', () => {
    expect(resolveSmtpTarget(undefined, {}, 'office@tint.example')).toBeUndefined();
    expect(resolveSmtpTarget('', { host: null }, 'office@tint.example')).toBeUndefined();
  });

  it('lets SMTP_URL override the settings but keeps the from-address setting', () => {
    expect(
      resolveSmtpTarget(
        'smtp://127.0.0.1:2525',
        { host: 'smtp.example.com', fromAddress: 'mail@tint.example' },
        'office@tint.example',
      ),
    ).toEqual({ connection: { url: 'smtp://127.0.0.1:2525' }, from: 'mail@tint.example' });
  });

  it('falls back to the business contact address and the port for the TLS mode', () => {
    expect(
      resolveSmtpTarget(
        undefined,
        { host: 'smtp.example.com', secure: true },
        'office@tint.example',
      ),
    ).toEqual({
      connection: { host: 'smtp.example.com', port: 465, secure: true, auth: undefined },
      from: 'office@tint.example',
    });
    expect(
      resolveSmtpTarget(
        undefined,
        { host: 'smtp.example.com', user: 'me', password: 'pw', fromAddress: '' },
        'office@tint.example',
      ),
    ).toEqual({
      connection: {
        host: 'smtp.example.com',
        port: 587,
        secure: false,
        auth: { user: 'me', pass: 'pw' },
      },
      from: 'office@tint.example',
    });
  });
});
