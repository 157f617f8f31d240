import { expect, type Locator, type Page } from '@playwright/test';
import { addressMessages } from '#shared/address/address.contract.ts';
import sharp from 'sharp';
import {
  addressBox,
  continueButton,
  fillPerson,
  makePerson,
  openContact,
  pickAddress,
  type Scope,
} from './support';

// Helpers of the Details → Files → Estimate specs (support.ts holds the Contact ones).

export const fitzroy = '12 Smith Street, Fitzroy VIC 3065';
export const uvPrivacy = 'UV / Privacy / Heat & Glare';

export const detailsHeading = (page: Scope) =>
  page.getByRole('heading', { level: 1, name: 'Window Details' });
export const filesHeading = (page: Scope) =>
  page.getByRole('heading', { level: 1, name: 'Upload Files' });
export const estimateHeading = (page: Scope) =>
  page.getByRole('heading', { level: 1, name: 'Your Estimate' });

/** The Contact step done through the page, as a customer does it; ends on Details. */
export async function completeContact(
  page: Page,
  option: 'Get an Estimate' | 'Book Consultation' = 'Get an Estimate',
): Promise<void> {
  await openContact(page);
  await fillPerson(page, makePerson());
  await pickAddress(page, '12 Smith Street, Fitzroy', fitzroy);
  // the pick counts once its place details are in (a busy machine may take a moment)
  await expect(page.getByText('Loading address search...')).toBeHidden();
  await expect(addressBox(page)).toHaveAccessibleDescription(addressMessages.hint);
  await page.getByRole('radio', { name: option }).check();
  await continueButton(page).click();
  await expect(page).toHaveURL(/\/measurement$/);
  await expect(detailsHeading(page)).toBeVisible();
}

export const glassCount = (page: Scope) => page.getByLabel('Number of glass panes');
export const pane = (page: Scope, n: number) => page.getByRole('group', { name: `Pane ${n}` });
export const paneField = (
  page: Scope,
  n: number,
  label: 'Length (mm)' | 'Width (mm)' | 'Area (m²)',
) => pane(page, n).getByLabel(label);
export const detailsContinue = (page: Scope) =>
  page.getByRole('button', { name: 'Continue to Files' });
export const errorSummary = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'Please correct the following:' });

export interface DetailsInput {
  concern?: string;
  panes: number;
  /** [length, width] in mm, one per measured pane. */
  sizes: [number, number][];
}

export async function fillDetails(page: Scope, input: DetailsInput): Promise<void> {
  await page.getByRole('radio', { name: input.concern ?? uvPrivacy }).check();
  await glassCount(page).fill(String(input.panes));
  // a consultation shows its rows once the customer chooses to enter them (issue 26 item 19)
  const enter = page.getByRole('button', { name: 'Enter measurements' });
  if (input.sizes.length > 0 && (await enter.count()) > 0) await enter.click();
  for (const [index, [length, width]] of input.sizes.entries()) {
    // the count typed offers its rows (issue 15 item 9); more sizes than the count add rows
    if ((await pane(page, index + 1).count()) === 0) {
      await page.getByRole('button', { name: 'Add another pane' }).click();
    }
    await paneField(page, index + 1, 'Length (mm)').fill(String(length));
    await paneField(page, index + 1, 'Width (mm)').fill(String(width));
  }
}

/** Details saved (the PUT answered 200) and on to Files. */
export async function submitDetails(page: Page): Promise<void> {
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && /\/api\/sessions\/[^/]+\/details$/.test(r.url()),
  );
  await detailsContinue(page).click();
  expect((await saved).status()).toBe(200);
  await expect(page).toHaveURL(/\/files$/);
  await expect(filesHeading(page)).toBeVisible();
}

export const fileInput = (page: Page) =>
  page.getByLabel('Choose photos or documents', { exact: false });
export const fileItem = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Your files' }).getByRole('listitem').filter({ hasText: name });
export const progressOf = (page: Page, name: string): Locator =>
  page.getByRole('progressbar', { name: `Upload of ${name}` });

/** A real photo, made at test time (no binaries in the repository). */
export async function photo(format: 'png' | 'jpeg', size = 24, noise = false): Promise<Buffer> {
  const image = sharp({
    create: {
      width: size,
      height: size,
      channels: 3,
      background: { r: 30, g: 120, b: 110 },
      ...(noise && { noise: { type: 'gaussian' as const, mean: 128, sigma: 60 } }),
    },
  });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 80 }).toBuffer();
}
