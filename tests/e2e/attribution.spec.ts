import { expect, test, type Browser, type Page } from '@playwright/test';
import { createHash, randomUUID } from 'node:crypto';
import type { LeadDetail } from '#shared/leads/lead-detail.contract.ts';
import { startGa4Receiver } from '#tests/helpers/protocol-servers/ga4-receiver.ts';
import { confirmBooking, expectConfirmed, holdSlot } from './booking-support';
import { estimateHeading, fillDetails, fitzroy, submitDetails } from './estimate-support';
import { adminState, staffState } from './staff-support';
import {
  apiAnswer,
  continueButton,
  fillPerson,
  makePerson,
  openContact,
  pickAddress,
} from './support';

// Issue 11: a visitor from a Google ad books through the whole flow; staff see the ad as first and
// last touch and the GA4 generate_lead queued and delivered (hashed e-mail only) to a GA4
// Measurement Protocol receiver; a later visit from the newsletter moves the last touch only.
// GA4 is configured through the admin settings for this test (the main server's GA4_MP_ENDPOINT
// points at E2E_GA4_PORT, see playwright.config.ts) and unconfigured again after it.

const adLanding = '/?utm_source=google&utm_medium=cpc&utm_campaign=winter-tint&gclid=TEST123';

/** The lead as the staff API answers it, read from a signed-in staff page (same origin). */
async function staffLead(browser: Browser, baseURL: string, leadId: string) {
  const context = await browser.newContext({ baseURL, storageState: staffState });
  try {
    const page = await context.newPage();
    await page.goto('/leads');
    return await page.evaluate(async (id) => {
      const res = await fetch(`/api/leads/${id}`, { headers: { accept: 'application/json' } });
      return { status: res.status, body: (await res.json()) as { lead: LeadDetail } };
    }, leadId);
  } finally {
    await context.close();
  }
}

async function capturedOn(page: Page, path: string) {
  const captured = apiAnswer(page, 'POST', '/api/utm/capture');
  await openContact(page, path);
  return (await captured).json();
}

const measurementId = 'G-E2ETEST11';
const apiSecret = 'e2e-attribution-secret';

/** An admin's same-origin API calls, for the GA4 settings. */
async function adminSession(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, storageState: adminState });
  const call = async (method: 'post' | 'delete', key: string, value?: string) => {
    const response = await context.request[method](`/api/settings/${key}`, {
      headers: { origin: baseURL },
      ...(value !== undefined && { data: { value } }),
    });
    expect(response.ok(), await response.text()).toBe(true);
  };
  return { call, close: () => context.close() };
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

test('an ad visit books through the flow: first and last touch, GA4 lead event delivered hashed; a newsletter visit later moves the last touch only', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const receiver = await startGa4Receiver({
    measurementId,
    apiSecret,
    port: Number(process.env.E2E_GA4_PORT),
  });
  const admin = await adminSession(browser, baseURL!);
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    await admin.call('post', 'ga4_measurement_id', measurementId);
    await admin.call('post', 'ga4_api_secret', apiSecret);

    const page = await context.newPage();
    const landed = await capturedOn(page, adLanding);
    expect(landed).toMatchObject({ success: true, isNew: true, family: 'google_ads' });

    const person = makePerson({ lastName: `Ad${randomUUID().slice(0, 6)}` });
    await fillPerson(page, person);
    await pickAddress(page, '12 Smith Street, Fitzroy', fitzroy);
    await page.getByRole('radio', { name: 'Get an Estimate' }).check();
    const leadSaved = apiAnswer(page, 'POST', '/api/leads');
    const linked = apiAnswer(page, 'POST', '/api/utm/link-lead');
    const ga4 = apiAnswer(page, 'POST', '/api/utm/send-ga4-event');
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/measurement$/);
    const leadId = ((await (await leadSaved).json()) as { lead: { id: string } }).lead.id;
    expect((await linked).status()).toBe(200);
    expect(await (await ga4).json()).toEqual({ success: true, error: null });

    // the rest of the flow: Details, Estimate, a time, Confirm
    await fillDetails(page, { panes: 5, sizes: [[1000, 1000]] });
    await submitDetails(page);
    await page.getByRole('link', { name: 'Continue to Estimate' }).click();
    await expect(estimateHeading(page)).toBeVisible();
    await page.getByRole('link', { name: 'Continue to Booking' }).click();
    // 5 panes: an onsite visit is offered
    await page.getByRole('radio', { name: /Onsite consultation/ }).check();
    const hold = await holdSlot(page);
    await confirmBooking(page).click();
    await expectConfirmed(page, hold);

    // delivered to GA4: generate_lead with the e-mail and phone hashed, never in clear
    const emailHash = sha256(person.email.trim().toLowerCase());
    await expect
      .poll(
        () =>
          receiver.hits.filter((hit) => hit.user_data?.sha256_email_address?.[0] === emailHash)
            .length,
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    const hit = receiver.hits.find((h) => h.user_data?.sha256_email_address?.[0] === emailHash)!;
    expect(hit.events.map((event) => event.name)).toContain('generate_lead');
    // E.164 of the person's own mobile (0412 … → +61412 …)
    const e164 = `+61${person.phone.replace(/\D/g, '').slice(1)}`;
    expect(hit.user_data?.sha256_phone_number).toEqual([sha256(e164)]);
    expect(JSON.stringify(receiver.hits)).not.toContain(person.email);
    expect(receiver.invalid).toEqual([]);

    const adTouch = {
      family: 'google_ads',
      utmSource: 'google',
      utmMedium: 'cpc',
      utmCampaign: 'winter-tint',
      gclid: 'TEST123',
    };
    const first = await staffLead(browser, baseURL!, leadId);
    expect(first.status).toBe(200);
    expect(first.body.lead.attribution).toMatchObject({ firstTouch: adTouch, lastTouch: adTouch });
    expect(first.body.lead.source).toBe('google');
    // the staff API shows the GA4 job, queued with the lead and then sent (the booking adds
    // qualify_lead beside it)
    const generateLead = async () =>
      (await staffLead(browser, baseURL!, leadId)).body.lead.messages
        .filter((message) => message.channel === 'ga4' && message.kind === 'generate_lead')
        .map(({ leadId: of, status }) => ({ leadId: of, status }));
    await expect.poll(generateLead, { timeout: 20_000 }).toEqual([{ leadId, status: 'sent' }]);

    const newsletter = await capturedOn(page, '/?utm_source=newsletter');
    expect(newsletter).toMatchObject({ isNew: true, family: 'other_utm' });
    const later = await staffLead(browser, baseURL!, leadId);
    expect(later.body.lead.attribution.firstTouch).toMatchObject(adTouch);
    expect(later.body.lead.attribution.lastTouch).toMatchObject({
      family: 'other_utm',
      utmSource: 'newsletter',
      gclid: null,
    });
  } finally {
    await context.close();
    // the other specs of the run expect no GA4 measurement
    await admin.call('delete', 'ga4_api_secret');
    await admin.call('delete', 'ga4_measurement_id');
    await admin.close();
    await receiver.close();
  }
});
