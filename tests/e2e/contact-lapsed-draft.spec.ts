import { expect, test, type Page } from '@playwright/test';
import { readStored, storageKeys, writeStored } from './browser-storage';
import { field, openContact } from './support';

// Issue 11 / ADR 029: personal details stay in the browser for the session only. A visit that
// starts an hour after the last activity must not paint the previous visitor's draft, not even
// before the session timer's lazy chunk has loaded; the full form's chunk is held back here, as a
// person on a slow phone sees the first paint before touching it.

const fullFormChunk = /\/assets\/contact-form-[^/]*\.js$/;

/** Holds the full form's chunk until the returned function is called. */
async function holdFullForm(page: Page): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(fullFormChunk, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const previousVisitor = {
  values: {
    firstName: 'Previous',
    lastName: 'Visitor',
    email: 'previous.visitor@example.com',
    phone: '0412 345 678',
    address: '1 Old Street, Fitzroy VIC 3065',
    bookingOption: 'estimate',
  },
  chosen: null,
};

test("an hour after the last activity the first paint shows none of the previous visitor's details", async ({
  page,
}) => {
  await openContact(page);
  const firstSessionId = await readStored(page, storageKeys.sessionId);
  await writeStored(page, storageKeys.contactDraft, previousVisitor);

  // within the hour the draft is the visitor's own: it is painted at once
  await writeStored(page, storageKeys.sessionActivity, Date.now() - 50 * 60_000);
  let release = await holdFullForm(page);
  await page.reload();
  await expect(field(page, 'First Name')).toHaveValue('Previous');
  release();
  await page.unrouteAll();
  // the session timer has started (it notes the start as activity): the clock is set after it
  await expect(page.locator('#session-notices')).toBeAttached();

  // over the hour it has expired with the session: not painted, not kept
  await writeStored(page, storageKeys.contactDraft, previousVisitor);
  await writeStored(page, storageKeys.sessionActivity, Date.now() - 61 * 60_000);
  release = await holdFullForm(page);
  await page.reload();
  await expect(field(page, 'First Name')).toHaveValue('');
  await expect(field(page, 'Last Name')).toHaveValue('');
  await expect(field(page, 'Email Address')).toHaveValue('');
  expect(await readStored(page, storageKeys.contactDraft)).toBeNull();

  // the next person types before the full form arrives; the session timer then replaces the
  // lapsed session (spec §4) without a reload, so nothing they typed is lost
  await field(page, 'First Name').fill('Next');
  release();
  await expect(page.locator('#session-notices')).toBeAttached();
  await expect.poll(() => readStored(page, storageKeys.sessionId)).not.toBe(firstSessionId);
  await field(page, 'Last Name').fill('Person');
  await expect(field(page, 'First Name')).toHaveValue('Next');
  await expect(field(page, 'Email Address')).toHaveValue('');
});
