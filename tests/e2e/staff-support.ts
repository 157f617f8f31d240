import { join } from 'node:path';

// Staff accounts of the e2e server. The passwords are made fresh for every run by
// playwright.config.ts (nothing is stored in the repository); workers inherit them.
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is set by playwright.config.ts`);
  return value;
}

export const e2eAdmin = {
  get email() {
    return required('E2E_ADMIN_EMAIL');
  },
  get password() {
    return required('E2E_ADMIN_PASSWORD');
  },
};

export const e2eStaff = {
  get email() {
    return required('E2E_STAFF_EMAIL');
  },
  get password() {
    return required('E2E_STAFF_PASSWORD');
  },
};

// Signed-in browser states written once per run by staff.setup.ts. Sign-in is rate-limited per
// address (10 per 15 minutes), so tests reuse these instead of signing in again; a test that
// signs out must sign in on its own, or it would end the session the others share.
const stateDir = join(process.env.E2E_DATA_DIR ?? 'test-results', '..', 'e2e-state');
export const adminState = join(stateDir, 'admin.json');
export const staffState = join(stateDir, 'staff.json');
