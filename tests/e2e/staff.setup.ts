import { test as setup, expect } from '@playwright/test';
import { adminState, e2eAdmin, e2eStaff, staffState } from './staff-support';

for (const [name, account, path] of [
  ['admin', e2eAdmin, adminState],
  ['staff', e2eStaff, staffState],
] as const) {
  setup(`sign in as ${name}`, async ({ request, baseURL }) => {
    const response = await request.post('/api/staff/session', {
      data: { email: account.email, password: account.password },
      headers: { origin: baseURL ?? '' },
    });
    expect(response.status()).toBe(200);
    await request.storageState({ path });
  });
}
