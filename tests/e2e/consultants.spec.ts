import { randomInt } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { consultantMessages } from '#shared/booking/consultant.ts';
import { expectNoViolationsInBothThemes } from './axe';
import { adminState } from './staff-support';

// Other files book against the one consultant of a new install at the same time, so the
// consultants made here never take bookings ("Takes bookings" unticked): the calendar stays as
// those tests expect it.
test.use({ storageState: adminState });

const section = (page: Page) => page.getByRole('region', { name: 'Consultants' });

async function openConsultants(page: Page) {
  await page.goto('/trak-settings#consultants');
  await expect(section(page).getByRole('list', { name: 'Consultants' })).toBeVisible();
}

test('add a consultant with a lunch break and time off, see their week, change and delete them', async ({
  page,
}) => {
  const name = `Sam ${randomInt(1000, 9999)}`;
  await openConsultants(page);
  const consultants = section(page);
  await consultants.getByRole('button', { name: 'New consultant' }).click();
  const form = consultants.getByRole('form', { name: 'New consultant' });
  await form.getByLabel('Name').fill(name);
  await form.getByLabel('Mobile').fill('0412 345 678');
  // what the consultant's e-mail and mobile are for (issue 28: notices of their own bookings)
  await expect(form.getByLabel('E-mail')).toHaveAccessibleDescription(/e-mailed here/);
  await expect(form.getByLabel('Mobile')).toHaveAccessibleDescription(
    'New, moved and cancelled bookings are texted here.',
  );
  await form.getByLabel('Takes bookings').uncheck();
  await form.getByLabel('Phone', { exact: true }).uncheck();

  // Monday: 9 to 12, then after lunch 1 to 5
  await form.getByLabel('Monday, range 1, to').fill('12:00');
  await form.getByRole('button', { name: 'Add hours on Monday' }).click();
  await expect(form.getByLabel('Monday, range 2, from')).toBeFocused();
  await form.getByLabel('Monday, range 2, from').fill('13:00');
  await form.getByLabel('Monday, range 2, to').fill('17:00');
  // Friday off; Saturday morning
  await form.getByRole('button', { name: 'Remove Friday range 1' }).click();
  await form.getByRole('button', { name: 'Add hours on Saturday' }).click();
  await form.getByLabel('Saturday, range 1, from').fill('08:00');
  await form.getByLabel('Saturday, range 1, to').fill('12:00');

  await form.getByRole('button', { name: 'Add time off' }).click();
  await form.getByLabel('First day').fill('2026-12-24');
  await form.getByLabel('Last day').fill('2027-01-02');
  await form.getByLabel('Only these postcodes').check();
  await form.getByRole('textbox', { name: 'Postcodes' }).fill('3199, 3200');
  await form.getByRole('button', { name: 'Save consultant' }).click();

  await expect(consultants.getByRole('status').first()).toHaveText(`${name} saved.`);
  const card = consultants
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) });
  await expect(card.getByRole('button', { name: `Edit ${name}` })).toBeFocused();
  await expect(card).toContainText('Not taking bookings');
  await expect(card).toContainText('Onsite only');
  await expect(card).toContainText('Postcodes 3199, 3200');
  await expect(card).toContainText('24 Dec 2026 – 2 Jan 2027');
  const hours = card.getByRole('table', { name: `Weekly hours of ${name}` });
  await expect(hours.getByRole('row', { name: /Monday/ })).toContainText(
    '9:00 am – 12:00 pm, 1:00 pm – 5:00 pm',
  );
  await expect(hours.getByRole('row', { name: /Friday/ })).toContainText('Not working');
  await expect(hours.getByRole('row', { name: /Saturday/ })).toContainText('8:00 am – 12:00 pm');

  // kept after a reload; then changed
  await page.reload();
  const again = section(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) });
  await again.getByRole('button', { name: `Edit ${name}` }).click();
  const edit = section(page).getByRole('form', { name: `Edit ${name}` });
  await expect(edit.getByRole('textbox', { name: 'Postcodes' })).toHaveValue('3199, 3200');
  await edit.getByLabel('Within a distance of their base').check();
  await edit.getByLabel('Distance (km)').fill('40');
  await edit.getByRole('button', { name: 'Save consultant' }).click();
  await expect(again).toContainText('Within 40 km of their base');

  await again.getByRole('button', { name: `Delete ${name}` }).click();
  const dialog = page.getByRole('alertdialog', { name: `Delete ${name}?` });
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(section(page).getByRole('status').first()).toHaveText(`${name} deleted.`);
  await expect(section(page).getByRole('heading', { name })).toHaveCount(0);
  await expect(section(page).getByRole('button', { name: 'New consultant' })).toBeFocused();
});

test('overlapping hours and an empty service list are refused with their messages', async ({
  page,
}) => {
  await openConsultants(page);
  await section(page).getByRole('button', { name: 'New consultant' }).click();
  const form = section(page).getByRole('form', { name: 'New consultant' });
  await form.getByLabel('Name').fill('Overlap');
  await form.getByLabel('Phone', { exact: true }).uncheck();
  await form.getByLabel('Onsite', { exact: true }).uncheck();
  await form.getByRole('button', { name: 'Add hours on Tuesday' }).click();
  await form.getByLabel('Tuesday, range 2, from').fill('16:00');
  await form.getByLabel('Tuesday, range 2, to').fill('18:00');
  await form.getByRole('button', { name: 'Save consultant' }).click();

  const summary = form.getByRole('alert').filter({ hasText: 'Please correct the following:' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    consultantMessages.services,
    consultantMessages.range,
  ]);
  await summary.getByRole('link', { name: consultantMessages.services }).click();
  await expect(form.getByLabel('Phone', { exact: true })).toBeFocused();
  await form.getByRole('button', { name: 'Cancel' }).click();
  await expect(section(page).getByRole('heading', { name: 'Overlap' })).toHaveCount(0);
});

test('the consultants, their form and the week ahead have no axe violations', async ({ page }) => {
  await openConsultants(page);
  const week = section(page).getByRole('list', { name: 'Next 7 days' });
  await expect(week).toBeVisible();
  // the one consultant of a new install, named on each open day
  await expect(week.getByText('Consultant', { exact: true }).first()).toBeVisible();
  await section(page).getByRole('button', { name: 'New consultant' }).click();
  await expectNoViolationsInBothThemes(page);
});
