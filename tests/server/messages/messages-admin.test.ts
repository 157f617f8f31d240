import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messagesMessages } from '#shared/admin/messages.contract.ts';
import type { MessageKind } from '#shared/admin/message-kinds.ts';
import { messageDeliveries } from '#server/db/schema/index.ts';
import { twilioSignature } from '#server/integrations/sms/twilio-signature.ts';
import { at, holdAndBook, readyToBook } from '#tests/helpers/booking-flows.ts';
import { completeContactStep } from '#tests/helpers/flows.ts';
import { deliveries, waitForStatus } from '#tests/helpers/message-state.ts';
import { createMessagingTestApp, type MessagingTestApp } from '#tests/helpers/messaging-app.ts';
import { signInStaffAndAdmin } from '#tests/helpers/staff.ts';

// Settings → Messages (admin), Twilio's STOP, and the webhook's once-per-browser-session rule.
describe('the Messages admin API and opt-outs', () => {
  let t: MessagingTestApp;
  let admin: string;
  let staff: string;
  let as: Awaited<ReturnType<typeof signInStaffAndAdmin>>['as'];
  beforeAll(async () => {
    t = await createMessagingTestApp();
    ({ admin, staff, as } = await signInStaffAndAdmin(t.app, t.database.db));
  });
  afterAll(() => t.close());

  it('is for admins only', async () => {
    for (const [method, url] of [
      ['GET', '/api/messages'],
      ['POST', `/api/messages/${randomUUID()}/retry`],
      ['POST', '/api/messages/test'],
    ] as const) {
      expect((await as(undefined, method, url, {})).statusCode).toBe(401);
      expect((await as(staff, method, url, {})).statusCode).toBe(403);
    }
  });

  it('sends a test through each channel and lists it with its state', async () => {
    for (const channel of ['email', 'webhook', 'ga4', 'job_tracker'] as const) {
      const res = await as(admin, 'POST', '/api/messages/test', { channel });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        message: { channel, kind: 'test' },
        notice: messagesMessages.testQueued,
      });
    }
    await waitForStatus(t, (m) => m.kind === 'test', 'sent');
    expect(t.receivers.ga4.hits.length).toBeGreaterThan(0);
    expect(t.receivers.webhook.deliveries().some((d) => d.body.event === 'test')).toBe(true);
    const list = await as(admin, 'GET', '/api/messages?status=sent&limit=2');
    expect(list.statusCode).toBe(200);
    const body = list.json();
    expect(body.messages).toHaveLength(2);
    expect(body.counts.sent).toBeGreaterThanOrEqual(4);
    const next = await as(
      admin,
      'GET',
      `/api/messages?status=sent&limit=2&cursor=${body.nextCursor}`,
    );
    const ids = [...body.messages, ...next.json().messages].map((m: { id: string }) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('texts the test message to the mobile the admin gives, never the business landline (issue 26 item 14)', async () => {
    for (const payload of [
      { channel: 'sms' },
      { channel: 'sms', to: '' },
      { channel: 'sms', to: '(03) 9123 4567' },
      { channel: 'sms', to: 'not a number' },
    ]) {
      const res = await as(admin, 'POST', '/api/messages/test', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.fields?.to ?? res.json().error.message).toBe(
        messagesMessages.testMobile,
      );
    }
    const res = await as(admin, 'POST', '/api/messages/test', {
      channel: 'sms',
      to: '0412 345 678',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatchObject({ channel: 'sms', recipient: '+61412345678' });
    await waitForStatus(t, (m) => m.id === res.json().message.id, 'sent');
    expect(t.receivers.twilio.messages.at(-1)?.to).toBe('+61412345678');
  });

  it('answers a bad cursor or filter with a 400, not a 500', async () => {
    for (const query of ['cursor=nonsense', 'status=lost', 'channel=fax', 'limit=1000']) {
      const res = await as(admin, 'GET', `/api/messages?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code).toBeTruthy();
    }
  });

  it('lists a message of a kind this version does not know (an older or newer one stored it)', async () => {
    const [row] = await t.database.db
      .insert(messageDeliveries)
      .values({
        channel: 'email',
        kind: 'season_greeting' as MessageKind,
        recipient: 'owner@example.com',
        status: 'dead',
      })
      .returning({ id: messageDeliveries.id });
    const res = await as(admin, 'GET', '/api/messages?status=dead');
    expect(res.statusCode, res.body).toBe(200);
    const listed = (res.json().messages as { id: string; kind: string }[]).find(
      (m) => m.id === row!.id,
    );
    expect(listed?.kind).toBe('season_greeting');
  });

  it('retries a dead message on request, and refuses to resend a sent one', async () => {
    t.receivers.smtp.answerWith(550, { stage: 'rcpt', times: 1 });
    const test = (await as(admin, 'POST', '/api/messages/test', { channel: 'email' })).json();
    await waitForStatus(t, (m) => m.id === test.message.id, 'dead');
    const retried = await as(admin, 'POST', `/api/messages/${test.message.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().notice).toBe(messagesMessages.retried);
    await waitForStatus(t, (m) => m.id === test.message.id, 'sent');
    const again = await as(admin, 'POST', `/api/messages/${test.message.id}/retry`);
    expect(again.statusCode).toBe(409);
    expect((await as(admin, 'POST', `/api/messages/${randomUUID()}/retry`)).statusCode).toBe(404);
  });

  it('fires the form webhook once per browser session, however often the contact step is sent', async () => {
    const before = t.receivers.webhook.deliveries().length;
    const { sessionId, customerId } = await completeContactStep(t.app);
    // the same session submits the contact step again
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: (await import('#tests/factories.ts')).makeLeadInput({ sessionId, customerId }),
    });
    expect(again.statusCode).toBe(200);
    await waitForStatus(t, (m) => m.kind === 'form_completion', 'sent');
    expect(t.receivers.webhook.deliveries().length).toBe(before + 1);
    const hooks = (await deliveries(t)).filter((m) => m.kind === 'form_completion');
    expect(hooks.filter((m) => m.dedupeKey?.endsWith(sessionId))).toHaveLength(1);
  });

  it('stops texting a number that replied STOP (signed by Twilio), and starts again on START', async () => {
    const { authToken } = t.receivers.twilio;
    const reply = async (body: string, signature?: string) => {
      const form = {
        From: '+61412345678',
        To: '+61400000000',
        Body: body,
        MessageSid: `SM${randomUUID().replaceAll('-', '')}`,
      };
      const url = 'http://localhost:3999/api/twilio/inbound';
      return t.app.inject({
        method: 'POST',
        url: '/api/twilio/inbound',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          'x-twilio-signature': signature ?? twilioSignature(authToken, url, form),
        },
        payload: new URLSearchParams(form).toString(),
      });
    };
    expect((await reply('STOP', 'forged')).statusCode).toBe(403);
    const stop = await reply('Stop');
    expect(stop.statusCode).toBe(200);
    expect(stop.headers['content-type']).toMatch(/xml/);

    const stopped = { customer: { phone: '0412 345 678' } }; // the number that said STOP
    const { sessionId } = await readyToBook(t.app, stopped);
    const { booking } = await holdAndBook(t.app, sessionId, at('2026-11-27', '10:00'));
    await waitForStatus(
      t,
      (m) => m.bookingId === booking.id && m.kind === 'booking_confirmed',
      'sent',
    );
    const texts = (await deliveries(t)).filter(
      (m) => m.bookingId === booking.id && m.channel === 'sms',
    );
    expect(texts).toEqual([]);

    expect((await reply('START')).statusCode).toBe(200);
    const later = await readyToBook(t.app, stopped);
    const next = await holdAndBook(t.app, later.sessionId, at('2026-11-27', '11:00'));
    await waitForStatus(
      t,
      (m) =>
        m.bookingId === next.booking.id && m.channel === 'sms' && m.kind === 'booking_confirmed',
      'sent',
    );
  });

  it("records Twilio's delivery receipt on the text message", async () => {
    const { sessionId } = await readyToBook(t.app);
    const { booking } = await holdAndBook(t.app, sessionId, at('2026-11-27', '12:00'));
    const [text] = await waitForStatus(
      t,
      (m) => m.bookingId === booking.id && m.channel === 'sms' && m.kind === 'booking_confirmed',
      'sent',
    );
    const form = { MessageSid: text?.providerMessageId ?? '', MessageStatus: 'delivered' };
    const url = 'http://localhost:3999/api/twilio/status';
    const receipt = await t.app.inject({
      method: 'POST',
      url: '/api/twilio/status',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'x-twilio-signature': twilioSignature(t.receivers.twilio.authToken, url, form),
      },
      payload: new URLSearchParams(form).toString(),
    });
    expect(receipt.statusCode).toBe(204);
    const [delivered] = await waitForStatus(t, (m) => m.id === text?.id, 'delivered');
    expect(delivered?.deliveredAt).toBeTruthy();
  });
});
