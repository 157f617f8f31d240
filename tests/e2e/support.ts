import {
  expect,
  type FrameLocator,
  type Locator,
  type Page,
  type Response,
} from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { uniqueMobile } from '#tests/factories.ts';

/** Where a helper looks: the page, or the booking frame on a host page (issue 30). */
export type Scope = Page | FrameLocator;

export const contactTitle = 'Book Your Window Tinting Consultation';

export interface Person {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/**
 * A new person per test, with an e-mail and a mobile of their own: another person with the same
 * e-mail or phone would continue this one's open lead (ADR 043).
 */
export function makePerson(overrides: Partial<Person> = {}): Person {
  return {
    firstName: 'Jane',
    lastName: 'Citizen',
    email: `jane.${randomUUID().slice(0, 8)}@example.com`,
    phone: uniqueMobile(),
    ...overrides,
  };
}

export async function openContact(page: Page, path = '/'): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: contactTitle })).toBeVisible();
}

export function field(page: Scope, label: string): Locator {
  return page.getByLabel(label, { exact: true });
}

export function addressBox(page: Scope): Locator {
  return page.getByRole('combobox', { name: 'Property Address' });
}

export async function fillPerson(page: Scope, person: Person): Promise<void> {
  await field(page, 'First Name').fill(person.firstName);
  await field(page, 'Last Name').fill(person.lastName);
  await field(page, 'Email Address').fill(person.email);
  await field(page, 'Phone Number').fill(person.phone);
}

/** Types like a person and picks the suggestion with that exact text. */
export async function pickAddress(page: Scope, typed: string, suggestion: string): Promise<void> {
  const box = addressBox(page);
  await box.click();
  await box.fill('');
  await box.pressSequentially(typed, { delay: 20 });
  const option = page.getByRole('option', { name: suggestion });
  await option.click();
  await expect(box).toHaveValue(suggestion);
}

export const continueButton = (page: Page) =>
  page.getByRole('button', { name: 'Continue to Details' });

/** Resolves with the answer to the next request of this method to this API path. */
export function apiAnswer(page: Page, method: string, path: string | RegExp): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.request().method() === method &&
      (typeof path === 'string'
        ? new URL(response.url()).pathname === path
        : path.test(new URL(response.url()).pathname)),
  );
}

/** Presses Tab until the locator has focus (keyboard-only journeys). */
export async function tabTo(page: Page, target: Locator, maxPresses = 30): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}
