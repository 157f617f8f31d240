import { expect, test, type Page } from '@playwright/test';
import { expectNoViolationsInBothThemes } from './axe';
import { sessionIdOf } from './booking-support';
import {
  completeContact,
  detailsContinue,
  errorSummary,
  glassCount,
  pane,
  paneField,
  uvPrivacy,
} from './estimate-support';

// Issue 15 item 9: the pane count and the measured rows agree.
const panes = (page: Page) => page.getByRole('group', { name: /^Pane \d+$/ });

test('a count typed offers that many rows; measuring more raises the count', async ({ page }) => {
  await completeContact(page);
  await glassCount(page).fill('3');
  await expect(panes(page)).toHaveCount(3);
  await paneField(page, 1, 'Length (mm)').fill('1000');
  await paneField(page, 1, 'Width (mm)').fill('1000');
  await paneField(page, 2, 'Length (mm)').fill('1000');
  await paneField(page, 2, 'Width (mm)').fill('1000');
  await expect(page.getByText('You have measured 2 of 3 panes.')).toBeVisible();

  // a lower count takes away the blank row only
  await glassCount(page).fill('1');
  await expect(panes(page)).toHaveCount(2);
  await expect(glassCount(page)).toHaveAccessibleDescription(
    'You have measured 2 panes: the number of glass panes must be at least 2',
  );
  await glassCount(page).fill('2');
  await expect(glassCount(page)).toHaveAccessibleDescription('From 1 to 50');

  // one more pane measured: the count follows
  await page.getByRole('button', { name: 'Add another pane' }).click();
  await expect(panes(page)).toHaveCount(3);
  await expect(glassCount(page)).toHaveValue('3');
  await expectNoViolationsInBothThemes(page);

  // the server refuses a disagreement sent anyway, with the same message on the count
  await page.getByRole('radio', { name: uvPrivacy }).check();
  await paneField(page, 3, 'Length (mm)').fill('500');
  await paneField(page, 3, 'Width (mm)').fill('500');
  await glassCount(page).fill('1');
  await expect(panes(page)).toHaveCount(3);
  await detailsContinue(page).click();
  await expect(
    errorSummary(page).getByRole('link', {
      name: 'You have measured 3 panes: the number of glass panes must be at least 3',
    }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/measurement$/);
  await expect(pane(page, 3)).toBeVisible();
});

test('the server refuses a count below the measured panes', async ({ page }) => {
  await completeContact(page);
  const sessionId = await sessionIdOf(page);
  const pane1 = { length: 1000, width: 1000, sqm: 1 };
  const res = await page.request.put(`/api/sessions/${sessionId}/details`, {
    data: { glassCount: 2, painPoint: 'uv-privacy', measurements: [pane1, pane1, pane1] },
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).error.fields).toEqual({
    glassCount: 'You have measured 3 panes: the number of glass panes must be at least 3',
  });
});
