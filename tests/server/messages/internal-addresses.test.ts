import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Resolve } from '#server/integrations/outbound-address.ts';
import { waitForStatus } from '#tests/helpers/message-state.ts';
import { createMessagingTestApp, type MessagingTestApp } from '#tests/helpers/messaging-app.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';

// Issue 26 item 22: an address is judged by where its name resolves when a message goes, and the
// message log says why it did not go. No DNS exists here: the worker gets a stand-in resolver.

const inside: Record<string, string> = {
  'hooks.example.com': '127.0.0.1',
  '169.254.169.254.nip.io': '169.254.169.254',
  'metadata.google.internal': '169.254.169.254',
};
const resolve: Resolve = async (hostname) => {
  const address = hostname === 'localhost' ? '127.0.0.1' : inside[hostname];
  if (!address) throw Object.assign(new Error('no such name'), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

describe('outbound addresses that resolve inside', () => {
  let t: MessagingTestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createMessagingTestApp({}, undefined, undefined, resolve);
    admin = await signInAs(t.app, (await createStaff(t.database.db, { role: 'admin' })).email);
  });
  afterAll(() => t.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { ...sameOrigin, cookie: admin } });

  it('saves a webhook on such a name but never sends to it: the log says "refused: internal address"', async () => {
    const before = t.receivers.webhook.requestCount;
    for (const host of Object.keys(inside)) {
      const url = `https://${host}:${t.receivers.webhook.port}/hook`;
      expect((await api('POST', '/api/settings/form_webhook_url', { value: url })).statusCode).toBe(
        200,
      );
      const sent = await api('POST', '/api/messages/test', { channel: 'webhook' });
      expect(sent.statusCode, sent.body).toBe(200);
      const id = sent.json().message.id as string;
      const [dead] = await waitForStatus(t, (m) => m.id === id, 'dead');
      expect(dead?.attempts).toBe(1);
      const log = (await api('GET', '/api/messages?channel=webhook')).json();
      const shown = log.messages.find((m: { id: string }) => m.id === id);
      expect(shown.lastError).toMatch(/refused: internal address/);
    }
    expect(t.receivers.webhook.requestCount).toBe(before);
  });

  it('sends the job tracker’s key to no internal address either', async () => {
    const base = `https://169.254.169.254.nip.io:${t.receivers.trak.port}/api`;
    expect((await api('POST', '/api/settings/trak_base_url', { value: base })).statusCode).toBe(
      200,
    );
    const before = t.receivers.trak.requestCount;
    const sent = await api('POST', '/api/messages/test', { channel: 'job_tracker' });
    const id = sent.json().message.id as string;
    const [dead] = await waitForStatus(t, (m) => m.id === id, 'dead');
    expect(dead?.lastError).toBe('Job tracker address refused: internal address');
    expect(t.receivers.trak.requestCount).toBe(before);
  });
});
