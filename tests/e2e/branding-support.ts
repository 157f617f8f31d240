import { expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import sharp from 'sharp';
import type { Branding } from '#shared/branding/branding.contract.ts';
import { expectNoViolations } from './axe';
import { contactTitle } from './support';

// The steps and images settings-branding.spec.ts shares: setting values as an admin, and what a
// customer sees of the logo and the partner strip (issue 15 item 15).

export const businessName = 'Harbour Tint Co';

export const logoSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 40" onload="window.pwned = 1">
<script>window.pwned = 2</script><rect width="160" height="40" rx="6" fill="#0f766e"/>
<text x="12" y="27" fill="#ffffff" font-size="18">Harbour Tint</text></svg>`;

export const png = (background: string) =>
  sharp({ create: { width: 120, height: 40, channels: 3, background } })
    .png()
    .toBuffer();

export async function setSetting(
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

export async function clearBranding(request: APIRequestContext, baseURL: string) {
  const response = await request.put('/api/admin/branding', {
    data: { logoUrl: null, partners: [] },
    headers: { origin: baseURL },
  });
  expect(response.status()).toBe(200);
}

/** A customer's own browser (no staff session, a fresh cache) on the contact screen. */
export async function visitAsCustomer(browser: Browser, baseURL: string) {
  const context = await browser.newContext({ baseURL, colorScheme: 'light' });
  const page = await context.newPage();
  // the strip's code comes on the first interaction (or the 2 s preload): wait for it to arrive
  const stripCode = page.waitForResponse((r) => r.url().includes('/assets/partner-strip'));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: contactTitle })).toBeVisible();
  await page.keyboard.press('Tab');
  await stripCode;
  // the lazy component renders in the frames after its module arrives
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  return { context, page };
}

const loaded = (page: Page, src: string) =>
  expect
    .poll(() =>
      page.evaluate(
        (url) =>
          [...document.images].some(
            (img) => img.getAttribute('src') === url && img.naturalWidth > 0,
          ),
        src,
      ),
    )
    .toBe(true);

/** The partner strip shows each partner once, in order, in the version for `theme`, loaded. */
export async function expectStrip(page: Page, branding: Branding, theme: 'light' | 'dark') {
  const strip = page.getByRole('list', { name: 'Our partners' });
  await strip.scrollIntoViewIfNeeded();
  const shown = strip.getByRole('img');
  await expect(shown).toHaveCount(branding.partners.length);
  for (const [i, partner] of branding.partners.entries()) {
    const src = theme === 'light' ? partner.lightUrl : partner.darkUrl;
    await expect(shown.nth(i)).toHaveAccessibleName(partner.alt);
    await expect(shown.nth(i)).toHaveAttribute('src', src);
    await loaded(page, src);
  }
}

/** The header shows the business's logo, named by the business name, loaded. */
export async function expectHeaderLogo(page: Page, logoUrl: string) {
  const home = page.getByRole('link', { name: `${businessName}, home` });
  const logo = home.getByRole('img', { name: businessName });
  await expect(logo).toHaveAttribute('src', logoUrl);
  await expect(logo).toBeVisible();
  await loaded(page, logoUrl);
  await expect(home.getByText(businessName)).toHaveCount(0); // the logo stands alone
}

/** What a customer sees: the logo and the strip in the light theme, then in the dark; axe-clean. */
export async function expectCustomerSeesBranding(
  browser: Browser,
  baseURL: string,
  branding: Branding,
) {
  const { context, page } = await visitAsCustomer(browser, baseURL);
  try {
    await expectHeaderLogo(page, branding.logoUrl!);
    await expectStrip(page, branding, 'light');
    await expectNoViolations(page);
    await page.getByRole('button', { name: 'Dark theme' }).click();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    // the dark theme's own logo when there is one, else the same (issue 26 item 17)
    await expectHeaderLogo(page, branding.logoDarkUrl ?? branding.logoUrl!);
    await expectStrip(page, branding, 'dark');
    await expectNoViolations(page);
  } finally {
    await context.close();
  }
}

/** Reads a setting now; the function returned puts it back (deleting it when it was not set). */
export async function keepSetting(request: APIRequestContext, baseURL: string, key: string) {
  const before = (await (await request.get(`/api/settings/${key}`)).json()) as {
    setting?: { value?: unknown };
  };
  return async () => {
    const value = before.setting?.value;
    if (value !== undefined) await setSetting(request, baseURL, key, value);
    else await request.delete(`/api/settings/${key}`, { headers: { origin: baseURL } });
  };
}
