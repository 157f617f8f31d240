// Runs before the e2e server starts (see webServer.command in playwright.config.ts), on the
// same configuration, so the data lands in the database the server then opens. It cannot be a
// globalSetup: Playwright starts the webServer before globalSetup, and PGlite allows one process
// per data directory. Idempotent: a second run changes nothing.
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { promoCodes } from '../../src/server/db/schema';
import { createStaffAccount } from '../../src/server/features/staff-auth/staff-accounts.service';
import { findStaffUserByEmail } from '../../src/server/features/staff-auth/staff-auth.repository';
import { e2ePromoCodes } from './promo-fixtures';
import { e2eStaff } from './staff-support';

const config = loadConfig();
const database = await openDatabase(
  config.databaseUrl
    ? { driver: 'postgres', url: config.databaseUrl }
    : { driver: 'pglite', dataDir: config.dataDir },
);
try {
  const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
  await database.db
    .insert(promoCodes)
    .values([
      {
        code: e2ePromoCodes.tenPercent,
        description: 'e2e: 10 % off',
        discountType: 'percentage',
        discountValue: 10,
      },
      {
        code: e2ePromoCodes.expired,
        description: 'e2e: ended yesterday',
        discountType: 'percentage',
        discountValue: 10,
        validTo: yesterday,
      },
    ])
    .onConflictDoNothing();
  // a staff (not admin) account; the admin comes from ADMIN_EMAIL / ADMIN_PASSWORD at start
  if (!(await findStaffUserByEmail(database.db, e2eStaff.email))) {
    await createStaffAccount(database.db, {
      email: e2eStaff.email,
      role: 'staff',
      password: e2eStaff.password,
    });
  }
} finally {
  await database.close();
}
