import { describe, expect, it } from 'vitest';
import type { DeliveryRow } from '#server/messages/deliveries.repository.ts';
import { backupFailedEmail } from './backup-emails';

const business = { name: 'Clearview Tinting', email: 'office@example.com', phone: '0396001234' };

describe('the backups-failing e-mail', () => {
  it('says how many failed, the last error, since when, and what to do', () => {
    const delivery = {
      payload: {
        error: '/srv/backups is not a folder: set BACKUP_DIR to a folder TintBook can write to.',
        failures: 2,
        since: '2026-11-27T15:30:00.000Z',
      },
    } as unknown as DeliveryRow;
    const email = backupFailedEmail(business, delivery);
    expect(email.subject).toBe('Backups of Clearview Tinting are failing');
    for (const line of [
      'The last 2 backups of Clearview Tinting failed',
      'Failed backups in a row: 2',
      'Last error: /srv/backups is not a folder',
      'Failing since: Saturday 28 November 2026, 2:30 am AEDT',
      'Back up now',
    ]) {
      expect(email.text).toContain(line);
    }
  });
});
