import { expect, test, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { adminState, staffState } from './staff-support';

const section = (page: Page, name: string) => page.getByRole('region', { name });
const newSecret = () => randomBytes(16).toString('hex');

async function openSettings(page: Page) {
  await page.goto('/settings');
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByText('Loading...')).toHaveCount(0);
}

// The three write-only secrets of /settings: the section, its secret's label, and the other
// fields the section needs before it saves.
const forms = [
  {
    name: 'Text messages (Twilio)',
    label: 'Auth token',
    fill: async (form: ReturnType<typeof section>) => {
      await form.getByLabel('Account SID').fill(`AC${'0123456789abcdef'.repeat(2)}`);
      await form.getByLabel('From number (like +61412345678)').fill('+61412345678');
    },
  },
  {
    name: 'E-mail (SMTP)',
    label: 'Password',
    fill: async (form: ReturnType<typeof section>) => {
      await form.getByLabel('Mail server (like smtp.example.com)').fill('smtp.example.com');
      await form.getByLabel('Port', { exact: true }).fill('587');
      await form.getByLabel('From address').fill('bookings@example.com');
    },
  },
  { name: 'Form webhook', label: 'Signing secret (16 characters or more)', fill: async () => {} },
];

test.describe('as an admin', () => {
  test.use({ storageState: adminState });

  test('secrets are write-only: never sent back, shown masked, kept when left blank', async ({
    page,
  }) => {
    const secrets = forms.map(newSecret);
    const bodies: Promise<string>[] = [];
    page.on('response', (response) => bodies.push(response.text().catch(() => '')));
    // no character of a secret is shown, not even its last few
    const hint = 'Saved (hidden). Leave blank to keep it.';

    await openSettings(page);
    for (const [index, { name, label, fill }] of forms.entries()) {
      const form = section(page, name);
      await fill(form);
      await form.getByLabel(label, { exact: true }).fill(secrets[index]!);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('Saved.')).toBeVisible();
      await expect(form.getByLabel(label, { exact: true })).toHaveValue('');
      await expect(form.getByLabel(label, { exact: true })).toHaveAccessibleDescription(hint);
      // on screen: the mask, the same for every secret
      await expect(form.getByText(/^Saved ••••••••/)).toBeVisible();
    }
    const expectNoSecretIn = (text: string) => {
      for (const secret of secrets) expect(text).not.toContain(secret);
    };
    expectNoSecretIn(await page.content());

    await page.reload();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    expectNoSecretIn(await page.content());
    // saved again with the secret blank: the stored one stays
    for (const { name, label } of forms) {
      const form = section(page, name);
      await expect(form.getByLabel(label, { exact: true })).toHaveValue('');
      await expect(form.getByLabel(label, { exact: true })).toHaveAccessibleDescription(hint);
      await form.getByRole('button', { name: 'Save' }).click();
      await expect(form.getByText('Saved.')).toBeVisible();
    }
    await page.reload();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    for (const { name, label } of forms) {
      const form = section(page, name);
      await expect(form.getByLabel(label, { exact: true })).toHaveAccessibleDescription(hint);
    }
    expectNoSecretIn(await page.content());
    for (const body of await Promise.all(bodies)) expectNoSecretIn(body);
  });
});

test.describe('as staff (not an admin)', () => {
  test.use({ storageState: staffState });

  test('/settings needs an admin account, and its API refuses', async ({ page }) => {
    await page.goto('/settings');
    await expect(page.getByText(/Settings needs an admin account/)).toBeVisible();
    await expect(page.getByLabel('Auth token')).toHaveCount(0);
    expect((await page.request.get('/api/settings/twilio-config')).status()).toBe(403);
  });
});
