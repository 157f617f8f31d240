import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { saveSettings } from '#server/db/setting-writes.ts';
import { messageDeliveries } from '#server/db/schema/index.ts';
import { settingDefaults as d } from '#shared/settings/setting-defaults.ts';
import type { SetupStatus } from '#shared/settings/setup-checklist.ts';
import { completeContactStep } from '#tests/helpers/flows.ts';
import { deliveries, waitForStatus } from '#tests/helpers/message-state.ts';
import { createMessagingTestApp, type MessagingTestApp } from '#tests/helpers/messaging-app.ts';
import { signInStaffAndAdmin } from '#tests/helpers/staff.ts';

// Issue 26 item 10: the first run in one pass. Until the business details are saved, staff
// notices reach the first admin (never the seeded placeholder); the checklist every staff screen
// shows (GET /api/setup) ends with e-mail sending, done once a test e-mail went out for real.
describe('the first run: where staff notices go and the checklist', () => {
  let t: MessagingTestApp;
  let admin: string;
  let staff: string;
  let as: Awaited<ReturnType<typeof signInStaffAndAdmin>>['as'];
  beforeAll(async () => {
    t = await createMessagingTestApp();
    // signed in after the owner was made: the first admin stays the owner
    ({ admin, staff, as } = await signInStaffAndAdmin(t.app, t.database.db));
  });
  afterAll(() => t.close());
  const status = async (cookie = staff) => {
    const res = await as(cookie, 'GET', '/api/setup');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SetupStatus>();
  };
  const newLeadNoticeTo = async (email: string) => {
    const { leadId } = await completeContactStep(t.app, { email });
    const notice = (await deliveries(t)).find(
      (m) => m.leadId === leadId && m.kind === 'business_new_lead',
    );
    return notice?.recipient;
  };

  it('is for staff: anonymous callers are refused', async () => {
    expect((await as(undefined, 'GET', '/api/setup')).statusCode).toBe(401);
    expect((await status(admin)).confirmed).toBeDefined();
  });

  it('a fresh install: nothing confirmed, notices to the first admin, not the placeholder', async () => {
    expect(await status()).toEqual({
      confirmed: {
        setup_business_confirmed: false,
        setup_base_address_confirmed: false,
        setup_prices_confirmed: false,
      },
      email: { configured: true, testSent: false },
      staffNoticesTo: t.owner.email,
    });
    expect(await newLeadNoticeTo('first.run@example.com')).toBe(t.owner.email);
  });

  it('a test e-mail written only to the log does not count; one the mail server took does', async () => {
    await t.database.db.insert(messageDeliveries).values({
      channel: 'email',
      kind: 'test',
      recipient: t.owner.email,
      status: 'sent',
      provider: 'log',
    });
    expect((await status()).email.testSent).toBe(false);

    const sent = await as(admin, 'POST', '/api/messages/test', { channel: 'email' });
    expect(sent.statusCode, sent.body).toBe(200);
    // the test goes where staff notices go
    expect(sent.json().message.recipient).toBe(t.owner.email);
    await waitForStatus(t, (m) => m.kind === 'test' && m.provider !== 'log', 'sent');
    const mails = await t.receivers.smtp.waitFor(2);
    expect(mails.some((m) => m.envelope.to.includes(t.owner.email))).toBe(true);
    expect((await status()).email).toEqual({ configured: true, testSent: true });
  });

  it('once the business details are confirmed, notices go to the business e-mail', async () => {
    await saveSettings(t.database.db, [
      {
        key: 'contact_email',
        value: 'office@clearview.example',
        category: 'business',
        isSecret: false,
      },
      { key: 'setup_business_confirmed', value: true, category: 'setup', isSecret: false },
    ]);
    const now = await status();
    expect(now.staffNoticesTo).toBe('office@clearview.example');
    expect(now.confirmed.setup_business_confirmed).toBe(true);
    expect(await newLeadNoticeTo('second.visit@example.com')).toBe('office@clearview.example');
    expect(await newLeadNoticeTo('third.visit@example.com')).not.toBe(d.contact_email);
  });
});
