import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupQueue } from '#server/db/job-queue-schema.ts';
import { backupRuns } from '#server/db/schema/index.ts';
import { createMessagingTestApp, type MessagingTestApp } from '#tests/helpers/messaging-app.ts';
import { waitForStatus } from '#tests/helpers/message-state.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';

// Issue 31 through the running worker: it schedules the nightly backup at start, runs Back up
// now's job, and after the second failure in a row the business (here the first admin, the
// business details being unconfirmed) gets one e-mail, delivered to the local SMTP server.

describe('backups failing twice in a row, with the worker running', () => {
  let t: MessagingTestApp;
  let dir: string;
  let cookie: string;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'tintbook-backup-failing-'));
    await writeFile(join(dir, 'a-file'), 'not a folder');
    t = await createMessagingTestApp({ BACKUP_DIR: join(dir, 'a-file'), BACKUP_TIME: '03:15' });
    cookie = await signInAs(t.app, (await createStaff(t.database.db, { role: 'admin' })).email);
  });
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const backUpNow = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/backups/run',
      headers: { cookie, ...sameOrigin },
    });
    expect(res.statusCode).toBe(202);
    const { id } = (res.json() as { run: { id: string } }).run;
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [run] = await t.database.db.select().from(backupRuns).where(eq(backupRuns.id, id));
      if (run?.outcome !== 'running') return run;
      if (Date.now() > deadline) throw new Error('the backup job did not run');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  };

  it('is scheduled by the worker at start, in Melbourne time', async () => {
    const { rows } = await t.database.executeSql(
      'select name, cron, timezone from pgboss.schedule where name = $1',
      [backupQueue],
    );
    expect(rows).toEqual([
      { name: backupQueue, cron: '15 3 * * *', timezone: 'Australia/Melbourne' },
    ]);
  });

  it('e-mails the business once, on the second failure', async () => {
    const first = await backUpNow();
    expect(first).toMatchObject({ outcome: 'failed', trigger: 'manual' });
    expect(first?.error).toMatch(/is not a folder/);
    const second = await backUpNow();
    expect(second?.outcome).toBe('failed');
    const [delivery] = await waitForStatus(t, (row) => row.kind === 'backup_failed', 'sent');
    const mails = await t.receivers.smtp.waitFor(1);
    const mail = mails.find((m) => m.parsed.subject?.includes('Backups of'));
    // the first admin's address (the booking test app makes its own staff first)
    expect(delivery?.recipient).toMatch(/@example\.com$/);
    expect(mail?.parsed.to).toMatchObject({ value: [{ address: delivery?.recipient }] });
    expect(mail?.parsed.text).toContain('Failed backups in a row: 2');
    expect(mail?.parsed.text).toContain(first?.error ?? 'missing');

    await backUpNow();
    const { rows } = await t.database.executeSql(
      `select count(*)::int as n from message_deliveries where kind = 'backup_failed'`,
    );
    expect(rows).toEqual([{ n: 1 }]);
  });
});
