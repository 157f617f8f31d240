import { expect } from '@playwright/test';
import {
  brandImageMessages,
  brandingSchema,
  type Branding,
} from '#shared/branding/branding.contract.ts';
import { settingDefaults as d } from '#shared/settings/setting-defaults.ts';
import { expectNoViolations } from './axe';
import { confirmBooking, expectConfirmed, holdSlot, test, walkToBooking } from './booking-support';
import {
  businessName,
  clearBranding,
  expectCustomerSeesBranding,
  keepSetting,
  logoSvg,
  png,
  setSetting,
  visitAsCustomer,
} from './branding-support';
import { readStored, storageKeys } from './browser-storage';
import { waitForMail } from './mail-inbox';
import { adminState } from './staff-support';
import { contactTitle } from './support';

// Issue 15 item 15: the business's logo and its partners' logos, uploaded by an admin in Settings,
// reach every customer; the tab names the business; placeholders reach no one. These change what
// every visitor sees, so they run alone, after every other spec (the 'branding' project), and each
// test puts back what it changed.
test.describe.configure({ mode: 'serial' });
test.use({ storageState: adminState });

test('the tab names the confirmed business, and nothing while unconfirmed', async ({
  page,
  baseURL,
}) => {
  await clearBranding(page.request, baseURL!);
  const restoreName = await keepSetting(page.request, baseURL!, 'business_name');
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
    await restoreName();
  }
});

test('an admin uploads a logo and partner logos; customers see them in either theme, or no strip', async ({
  page,
  browser,
  baseURL,
}) => {
  test.slow();
  await clearBranding(page.request, baseURL!);
  const restoreName = await keepSetting(page.request, baseURL!, 'business_name');
  await setSetting(page.request, baseURL!, 'business_name', businessName);
  try {
    await page.goto('/settings');
    const branding = page.getByRole('region', { name: 'Logo and partners' });
    await expect(
      branding.getByText('No logo yet: the header shows the business name.'),
    ).toBeVisible();
    // where customers see each (and not 'not shown yet': both are shown now)
    await expect(
      branding.getByText('Shown in the centre of the header of every page', { exact: false }),
    ).toBeVisible();
    await expect(
      branding.getByText('Shown in a strip at the foot of every page', { exact: false }),
    ).toBeVisible();
    await expect(branding.getByText('not shown to customers yet', { exact: false })).toHaveCount(0);

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
    await expect(branding.getByText('Logo saved. Customers see it in the header.')).toBeVisible();
    await expect(branding.getByRole('img', { name: 'Current logo (light theme)' })).toBeVisible();
    // its version for the dark theme (issue 26 item 17): customers on the dark theme see it
    await branding.getByLabel('Upload a dark-theme logo').setInputFiles({
      name: 'logo-dark.png',
      mimeType: 'image/png',
      buffer: await png('#f8fafc'),
    });
    await expect(
      branding.getByText(
        'Dark-theme logo saved. Customers on the dark theme see it in the header.',
      ),
    ).toBeVisible();

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

    // the public settings every screen loads carry them, in order
    const saved: Branding = brandingSchema.parse(
      ((await (await page.request.get('/api/settings')).json()) as { branding: unknown }).branding,
    );
    expect(saved.logoDarkUrl).toBeTruthy();
    expect(saved.logoDarkUrl).not.toBe(saved.logoUrl);
    expect(saved.partners.map((p) => p.alt)).toEqual(['Film Co', 'Solar Guard']);
    expect(saved.partners[0]?.lightUrl).not.toBe(saved.partners[0]?.darkUrl);
    const served = await page.request.get(saved.logoUrl!);
    expect(served.headers()['cache-control']).toContain('immutable');
    expect(await served.text()).not.toContain('pwned');

    await page.setViewportSize({ width: 320, height: 640 });
    await expect(page.getByRole('region', { name: 'Logo and partners' })).toBeVisible();
    await expectNoViolations(page);

    // a customer: the logo (named by the business) in the header, the strip in their theme
    await expectCustomerSeesBranding(browser, baseURL!, saved);

    // none configured: the header shows the name again, and no strip once its code has come
    await clearBranding(page.request, baseURL!);
    const { context, page: customer } = await visitAsCustomer(browser, baseURL!);
    try {
      const home = customer.getByRole('link', { name: `${businessName}, home` });
      await expect(home.getByText(businessName)).toBeVisible();
      await expect(home.getByRole('img')).toHaveCount(0);
      await expect(customer.getByRole('list', { name: 'Our partners' })).toHaveCount(0);
      await expect(customer.getByRole('contentinfo')).toHaveCount(0);
    } finally {
      await context.close();
    }
  } finally {
    await clearBranding(page.request, baseURL!);
    await restoreName();
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
