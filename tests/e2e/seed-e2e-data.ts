// Runs before each e2e server starts (see webServer in playwright.config.ts), on the same
// configuration, so the data lands in the database the server then opens. It cannot be a
// globalSetup: Playwright starts the webServer before globalSetup, and PGlite allows one process
// per data directory. `npm run test:e2e` bundles it to dist/e2e/ (tsx would compile it per server).
//
// Migrating a fresh PGlite directory costs seconds of CPU, and a run starts several servers (one
// per fixed clock): the first migrates and seeds E2E_TEMPLATE_DIR once, and each server starts
// on a copy of it. Idempotent: on an existing directory (or PostgreSQL) it only seeds again.
import { cpSync, existsSync, renameSync, rmSync } from 'node:fs';
import { loadConfig } from '#server/config.ts';
import { openDatabase, type DatabaseTarget } from '#server/db/client.ts';
import { eq } from 'drizzle-orm';
import { messageDeliveries, promoCodes, settings } from '#server/db/schema/index.ts';
import { setupItems } from '#shared/settings/setup-checklist.ts';
import { createStaffAccount } from '#server/features/staff-auth/staff-accounts.service.ts';
import { findStaffUserByEmail } from '#server/features/staff-auth/staff-auth.repository.ts';
import { seedPastBooking } from './no-show-fixture';
import { e2ePromoCodes } from './promo-fixtures';
import { e2eStaff } from './staff-support';

async function seed(target: DatabaseTarget): Promise<void> {
  const database = await openDatabase(target);
  try {
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
          description: 'e2e: ended before any clock of the suite',
          discountType: 'percentage',
          discountValue: 10,
          // fixed, not "yesterday": the servers run at different instants (CLOCK_START)
          validTo: new Date('2026-01-01T00:00:00+11:00'),
        },
      ])
      .onConflictDoNothing();
    // the owner has been through the first-run checklist: the business details, base address and
    // prices confirmed (so customers' screens show the business) and a test e-mail sent through
    // the mail server (settings-general.spec.ts takes the confirmations back to test the list)
    await database.db
      .insert(settings)
      .values(setupItems.map(({ key }) => ({ key, category: 'setup', value: true })))
      .onConflictDoNothing();
    const tested = await database.db
      .select({ id: messageDeliveries.id })
      .from(messageDeliveries)
      .where(eq(messageDeliveries.kind, 'test'))
      .limit(1);
    if (tested.length === 0) {
      await database.db.insert(messageDeliveries).values({
        channel: 'email',
        kind: 'test',
        recipient: 'owner@tintbook.test',
        status: 'sent',
        provider: 'smtp',
      });
    }
    // a booking in the past, for staff to mark as a no-show (no-show.spec.ts)
    await seedPastBooking(database.db);
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
}

const config = loadConfig();
const template = process.env.E2E_TEMPLATE_DIR;
if (config.databaseUrl) {
  await seed({ driver: 'postgres', url: config.databaseUrl });
} else if (!template || existsSync(config.dataDir)) {
  await seed({ driver: 'pglite', dataDir: config.dataDir });
} else {
  if (!existsSync(template)) {
    // made beside it and renamed: a half-made template is never copied
    const draft = `${template}.${process.pid}`;
    rmSync(draft, { recursive: true, force: true });
    await seed({ driver: 'pglite', dataDir: draft });
    renameSync(draft, template);
  }
  cpSync(template, config.dataDir, { recursive: true });
}
