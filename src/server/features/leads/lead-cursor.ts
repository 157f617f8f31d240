import type { LeadSort } from '#shared/leads/leads.contract.ts';
import { leadsMessages } from '#shared/leads/leads.contract.ts';
import { HttpError } from '#server/lib/http-error.ts';

/**
 * Where a page ended: the sort, its phase (see lead-list.repository phases), the last row's key
 * and id, and the instant the first page was read at, so phases keep their membership while
 * paging (a lead whose appointment passes meanwhile does not jump between phases).
 */
export interface LeadCursor {
  sort: LeadSort;
  phase: number;
  key: Date;
  id: string;
  now: Date;
}

export function encodeCursor(c: LeadCursor): string {
  const parts = [c.sort, c.phase, c.key.toISOString(), c.id, c.now.toISOString()];
  return Buffer.from(parts.join('|')).toString('base64url');
}

const refused = () => HttpError.badRequest(leadsMessages.cursor, { cursor: leadsMessages.cursor });

export function decodeCursor(cursor: string, sort: LeadSort): LeadCursor {
  const [s, phase, key, id, now] = Buffer.from(cursor, 'base64url').toString().split('|');
  const c = {
    sort: s as LeadSort,
    phase: Number(phase),
    key: new Date(key ?? ''),
    now: new Date(now ?? ''),
  };
  const valid =
    s === sort &&
    Number.isInteger(c.phase) &&
    c.phase >= 0 &&
    c.phase < 2 &&
    id !== undefined &&
    /^[0-9a-f-]{36}$/.test(id) &&
    !Number.isNaN(c.key.getTime()) &&
    !Number.isNaN(c.now.getTime());
  if (!valid) throw refused();
  return { ...c, id };
}
