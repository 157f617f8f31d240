import { expect, test, type Browser, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { decodePng } from '#tests/helpers/qr-decode.ts';
import { expectNoViolations } from './axe';
import { fitzroy } from './estimate-support';
import { createPromoCode, uniqueCode } from './promo-fixtures';
import { adminState, staffState } from './staff-support';
import {
  apiAnswer,
  continueButton,
  fillPerson,
  makePerson,
  openContact,
  pickAddress,
} from './support';

// Settings › Links and QR codes (issue 30): the owner builds a link for a van with a promo code,
// copies it and prints its QR code; a customer opens it and enquires; the dashboard counts the
// visit and the lead under the link, and the lead under the link's source. The tags are this
// run's own (other specs make leads at the same time), so the figures are exact.
test.use({ storageState: adminState });

const section = (page: Page) => page.getByRole('region', { name: 'Links and QR codes' });
const form = (page: Page) => section(page).getByRole('form', { name: 'New booking link' });
const item = (page: Page, name: string) =>
  section(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

async function openSection(page: Page) {
  await page.goto('/settings#campaign-links');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(section(page).getByRole('button', { name: 'New booking link' })).toBeVisible();
}

async function saveLink(
  page: Page,
  fields: { name: string; source: string; medium: string; campaign: string; promo?: string },
) {
  await section(page).getByRole('button', { name: 'New booking link' }).click();
  await expect(section(page).getByRole('heading', { name: 'New booking link' })).toBeFocused();
  const f = form(page);
  await f.getByLabel('Name').fill(fields.name);
  await f.getByLabel('Source').fill(fields.source);
  await f.getByLabel('Medium').fill(fields.medium);
  await f.getByLabel('Campaign').fill(fields.campaign);
  if (fields.promo) await f.getByLabel('Promo code').selectOption(fields.promo);
  await f.getByRole('button', { name: 'Save link' }).click();
  await expect(section(page).getByText(`Link ${fields.name} saved.`)).toBeVisible();
  return item(page, fields.name);
}

/** A customer opens the link in a browser of their own and sends the Contact step. */
async function customerEnquires(browser: Browser, baseURL: string, url: string) {
  const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
  try {
    const page = await context.newPage();
    const captured = apiAnswer(page, 'POST', '/api/utm/capture');
    await openContact(page, url);
    expect((await captured).status()).toBe(200);
    await fillPerson(page, makePerson({ lastName: 'Vanreader' }));
    await pickAddress(page, '12 Smith Street, Fitzroy', fitzroy);
    await page.getByRole('radio', { name: 'Get an Estimate' }).check();
    const linked = apiAnswer(page, 'POST', '/api/utm/link-lead');
    await continueButton(page).click();
    await expect(page).toHaveURL(/\/measurement$/);
    expect((await linked).status()).toBe(200);
  } finally {
    await context.close();
  }
}

test('build a link with a promo code, copy it, print its QR code; a customer enquires through it and the dashboard counts them', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const run = randomBytes(3).toString('hex');
  const source = `van-${run}`;
  const campaign = `spring-${run}`;
  const name = `Van ${run} – rear door`;
  const code = (await createPromoCode(page.request, baseURL!, { code: uniqueCode('VAN') })).code;

  await openSection(page);
  // a refused tag comes back on its field, and the summary names it
  await section(page).getByRole('button', { name: 'New booking link' }).click();
  const f = form(page);
  await f.getByLabel('Name').fill('Bad tags');
  await f.getByLabel('Source').fill('Yard sign');
  await f.getByLabel('Medium').fill('offline');
  await f.getByLabel('Campaign').fill('x');
  await f.getByRole('button', { name: 'Save link' }).click();
  const message = 'Source must be 1 to 60 lowercase letters, digits, -, _ or .';
  await expect(f.getByLabel('Source')).toHaveAccessibleDescription(new RegExp(message));
  await expect(f.getByRole('alert').getByRole('link', { name: message })).toBeVisible();
  await f.getByRole('button', { name: 'Cancel' }).click();

  const saved = await saveLink(page, { name, source, medium: 'offline', campaign, promo: code });
  const url = `${baseURL}/?utm_source=${source}&utm_medium=offline&utm_campaign=${campaign}#${code}`;
  await expect(saved.getByRole('textbox', { name: `Link for ${name}` })).toHaveValue(url);
  await expect(saved).toContainText(`Promo code:${code}`);

  // copied with one click, and said so
  await saved.getByRole('button', { name: `Copy link for ${name}` }).click();
  await expect(saved.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  // a browser that refuses the clipboard: the link is selected for Ctrl+C instead
  await page.evaluate(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('no', 'NotAllowedError'));
  });
  await saved.getByRole('button', { name: `Copy link for ${name}` }).click();
  await expect(saved.getByRole('status')).toContainText('the link is selected');
  await expect(saved.getByRole('textbox', { name: `Link for ${name}` })).toBeFocused();
  const selected = await saved
    .getByRole('textbox', { name: `Link for ${name}` })
    .evaluate((input: HTMLInputElement) =>
      input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
    );
  expect(selected).toBe(url);

  // the QR code as a print-size PNG that reads back to exactly the link
  const download = page.waitForEvent('download');
  await saved.getByRole('link', { name: `Download QR (PNG) for ${name}` }).click();
  const png = await download;
  expect(png.suggestedFilename()).toBe(`van-${run}-rear-door-qr.png`);
  const decoded = decodePng(await readFile((await png.path())!));
  expect(decoded.text).toBe(url);
  expect(decoded.width).toBeGreaterThanOrEqual(1024);
  await expect(saved.getByRole('link', { name: `Download QR (SVG) for ${name}` })).toHaveAttribute(
    'href',
    /\/qr\.svg$/,
  );

  // a second link, deleted after a confirmation
  const other = `Flyer ${run}`;
  await saveLink(page, { name: other, source: 'flyer', medium: 'print', campaign });
  // newest first
  await expect(section(page).getByRole('listitem').getByRole('heading').first()).toHaveText(other);
  await item(page, other)
    .getByRole('button', { name: `Delete ${other}` })
    .click();
  const dialog = page.getByRole('alertdialog', { name: `Delete the link ${other}?` });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(section(page).getByText(`Link ${other} deleted.`)).toBeVisible();
  await expect(item(page, other)).toHaveCount(0);
  await expect(saved).toBeVisible();
  await expectNoViolations(page, '#campaign-links');

  await customerEnquires(browser, baseURL!, url);

  // the dashboard (staff): the link with its visit and lead, and the lead under its source
  const staff = await browser.newContext({ baseURL, storageState: staffState });
  try {
    const dash = await staff.newPage();
    await dash.goto('/dashboard');
    const links = dash.getByRole('table', { name: 'Saved links', exact: true });
    const row = links.getByRole('row').filter({ hasText: name });
    await expect(row.locator('td')).toHaveText(['1', '1', '0']);
    await expect(row).toContainText(`${source} / offline / ${campaign}`);
    const bySource = dash
      .getByRole('table', { name: 'Leads by source', exact: true })
      .getByRole('row')
      .filter({ has: dash.getByRole('rowheader', { name: source, exact: true }) });
    await expect(bySource.locator('td').first()).toHaveText('1');
    await expectNoViolations(dash, 'section[aria-labelledby="campaign-link-figures"]');
  } finally {
    await staff.close();
  }
});

test('on a phone the section fits the screen and works from the keyboard alone @phone', async ({
  page,
}) => {
  const run = randomBytes(3).toString('hex');
  const name = `Sign ${run}`;
  await openSection(page);
  const newLink = section(page).getByRole('button', { name: 'New booking link' });
  await newLink.focus();
  await page.keyboard.press('Enter');
  await expect(section(page).getByRole('heading', { name: 'New booking link' })).toBeFocused();
  for (const [label, value] of [
    ['Name', name],
    ['Source', 'yard-sign'],
    ['Medium', 'offline'],
    ['Campaign', `phone-${run}`],
  ] as const) {
    await page.keyboard.press('Tab');
    await expect(form(page).getByLabel(label)).toBeFocused();
    await page.keyboard.type(value);
  }
  await page.keyboard.press('Tab');
  await expect(form(page).getByLabel('Promo code')).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form(page).getByRole('button', { name: 'Save link' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(section(page).getByText(`Link ${name} saved.`)).toBeVisible();
  await expect(newLink).toBeFocused();

  const saved = item(page, name);
  await expect(saved.getByRole('textbox', { name: `Link for ${name}` })).toHaveValue(
    /utm_source=yard-sign&utm_medium=offline&utm_campaign=phone-/,
  );
  // nothing wider than the screen
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
    true,
  );
  await expectNoViolations(page, '#campaign-links');

  // Delete asks first; Escape keeps the link and gives focus back
  const remove = saved.getByRole('button', { name: `Delete ${name}` });
  await remove.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('alertdialog', { name: `Delete the link ${name}?` });
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(remove).toBeFocused();
  await page.keyboard.press('Enter');
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(item(page, name)).toHaveCount(0);
  await expect(newLink).toBeFocused();
});
