import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '#server/db/client.ts';

// A consultant's busy times out of their own calendar (issue 29, ADR 053 "Busy times"): built on
// branch calin. Until then "Refresh now" (POST /api/admin/consultants/:id/calendar/refresh)
// calls this seam, which does nothing.

export async function refreshConsultantCalendar(
  _db: Db,
  _consultantId: string,
  _deps: { now: Date; log: FastifyBaseLogger },
): Promise<void> {}
