import { expect, type APIRequestContext } from '@playwright/test';
import sharp from 'sharp';
import { brandImageMessages } from '#shared/branding/branding.contract.ts';
import { settingDefaults as d } from '#shared/settings/setting-defaults.ts';
import { expectNoViolations } from './axe';
import { confirmBooking, expectConfirmed, holdSlot, test, walkToBooking } from './booking-support';
import { readStored, storageKeys } from './browser-storage';
import { waitForMail } from './mail-inbox';
import { adminState } from './staff-support';
import { contactTitle } from './support';

// Issue 15 item 15: the business's logo and its partners' logos, uploaded by an admin in Settings,
// reach every customer; the tab names the business; placeholders reach no one. These change what
// every visitor sees, so they run alone, after every other spec (the 'branding' project).
test.describe.configure({ mode: 'serial' });
test.use({ storageState: adminState });

const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" onload="window.pwned = 1">
<script>window.pwned = 2</script><rect width="160" height="40" rx="6" fill="#0f766e"/>
<text x="12" y="27" fill="#ffffff" font-size="18">Harbour Tint</text></svg>`;
const businessName = 'Harbour Tint Co';

const png = (background: string) =>
  sharp({ create: { width: 120, height: 40, channels: 3, background } })
    .png()
    .toBuffer();

async function setSetting(
  request: APIRequestContext,
  baseURL: string,
  key: string,
  value: unknown,
) {
  const response = await request.post(`/api/settings/${key}`, {
    data: { value },
    headers: { origin: baseURL },
  });
  expect(response.status(), await response.text()).toBe(200);
}

async function clearBranding(request: APIRequestContext, baseURL: string) {
  const response = await request.put('/api/admin/branding', {
    data: { logoUrl: null, partners: [] },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(200);
}

test('the tab names the confirmed business, and nothing while unconfirmed', async ({
  page,
  baseURL,
}) => {
  await clearBranding(page.request, baseURL!);
  await setSetting(page.request, baseURL!, 'business_name', businessName);
  try {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: contactTitle })).toBeVisible();
    await expect(page).toHaveTitle(`${contactTitle} — ${businessName}`);

    await setSetting(page.request, baseURL!, 'setup_business_confirmed', false);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: contactTitle })).toBeVisible();
    await expect(page).toHaveTitle(contactTitle);
    await page.goto('/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page).toHaveTitle('Settings');
  } finally {
    await setSetting(page.request, baseURL!, 'setup_business_confirmed', true);
  }
});

test('an admin uploads a logo and partner logos in Settings, in both themes and at 320 px', async ({
  page,
  baseURL,
}) => {
  test.slow();
  await clearBranding(page.request, baseURL!);
  try {
    await page.goto('/settings');
    const branding = page.getByRole('region', { name: 'Logo and partners' });
    await expect(
      branding.getByText('No logo yet: the header shows the business name.'),
    ).toBeVisible();
    // saved but not yet shown to customers: the screen says so (a setting that does nothing)
    await expect(
      branding.getByText('Not shown to customers yet: the logo is kept for the header', {
        exact: false,
      }),
    ).toBeVisible();

    // a text file named .png is refused by its content, with the types that are accepted
    await branding.getByLabel('Upload a logo').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: Buffer.from('not a picture at all'),
    });
    await expect(branding.getByRole('alert')).toHaveText(brandImageMessages.typeNotAllowed);

    await branding.getByLabel('Upload a logo').setInputFiles({
      name: 'logo.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(logoSvg),
    });
    await expect(
      branding.getByText('Logo saved. Customers do not see it yet (see above).'),
    ).toBeVisible();
    await expect(branding.getByRole('img', { name: 'Current logo (light theme)' })).toBeVisible();

    const partners = [
      { alt: 'Solar Guard', light: '#1e293b', dark: '#f8fafc' },
      { alt: 'Film Co', light: '#7c2d12', dark: '#fed7aa' },
    ];
    for (const partner of partners) {
      await branding.getByLabel('Partner name (the logo’s alt text)').fill(partner.alt);
      await branding.getByLabel('Logo for the light theme').setInputFiles({
        name: 'light.png',
        mimeType: 'image/png',
        buffer: await png(partner.light),
      });
      await branding.getByLabel('Logo for the dark theme').setInputFiles({
        name: 'dark.png',
        mimeType: 'image/png',
        buffer: await png(partner.dark),
      });
      await branding.getByRole('button', { name: 'Add partner' }).click();
      await expect(branding.getByText(`${partner.alt} added.`, { exact: false })).toBeVisible();
    }
    // Film Co first
    await branding.getByRole('button', { name: 'Move Film Co up' }).click();
    await branding.getByRole('button', { name: 'Save partners' }).click();
    await expect(
      branding.getByText('Partners saved. Customers see them at the foot of every page.'),
    ).toBeVisible();
    await expectNoViolations(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.reload();
    await expect(page.getByRole('region', { name: 'Logo and partners' })).toBeVisible();
    await expectNoViolations(page);

    // the public settings every screen loads carry them, in order (the header's logo and the
    // footer strip wait for room in the first screen's JavaScript budget)
    const saved = (await (await page.request.get('/api/settings')).json()) as {
      branding: { logoUrl: string; partners: { alt: string; lightUrl: string; darkUrl: string }[] };
    };
    expect(saved.branding.partners.map((p) => p.alt)).toEqual(['Film Co', 'Solar Guard']);
    const served = await page.request.get(saved.branding.logoUrl);
    expect(served.headers()['cache-control']).toContain('immutable');
    expect(await served.text()).not.toContain('pwned');

    await page.setViewportSize({ width: 320, height: 640 });
    await expect(page.getByRole('region', { name: 'Logo and partners' })).toBeVisible();
    await expectNoViolations(page);
  } finally {
    await clearBranding(page.request, baseURL!);
  }
});

test('while the business is not confirmed, the e-mail and its invitation name no placeholder', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  const fromBefore = (await (await page.request.get('/api/settings/smtp_from')).json()) as {
    setting?: { value?: unknown };
  };
  await setSetting(page.request, baseURL!, 'smtp_from', 'consultations@harbour-tint.example');
  await setSetting(page.request, baseURL!, 'setup_business_confirmed', false);
  const visitor = await browser.newContext({ baseURL });
  try {
    const booking = await visitor.newPage();
    await walkToBooking(booking, { panes: 1 });
    const draft = JSON.parse((await readStored(booking, storageKeys.contactDraft)) ?? '{}') as {
      values?: { email?: string };
    };
    const email = draft.values!.email!;
    const slot = await holdSlot(booking);
    await confirmBooking(booking).click();
    await expectConfirmed(booking, slot);

    const mail = await waitForMail(email, 'Booking confirmed');
    // unfolded (RFC 5545 §3.1): a long line goes on after CRLF and a space
    const ics = (
      mail.attachments
        .find((a) => a.contentType.startsWith('text/calendar'))
        ?.content.toString('utf8') ?? ''
    ).replace(/\r\n[ \t]/g, '');
    const organiser = /\r\nORGANIZER[^\r\n]*/.exec(ics)?.[0] ?? '';
    expect(organiser).toContain('mailto:consultations@harbour-tint.example');
    for (const text of [mail.text ?? '', String(mail.html), ics, mail.from?.text ?? '']) {
      for (const placeholder of [d.business_name, d.contact_email, d.contact_phone]) {
        expect(text).not.toContain(placeholder);
      }
    }
  } finally {
    await visitor.close();
    await setSetting(page.request, baseURL!, 'setup_business_confirmed', true);
    const before = fromBefore.setting?.value;
    if (typeof before === 'string' && before) {
      await setSetting(page.request, baseURL!, 'smtp_from', before);
    } else {
      await page.request.delete('/api/settings/smtp_from', { headers: { origin: baseURL! } });
    }
  }
});
