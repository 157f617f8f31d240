import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { format } from 'date-fns';
import { tz } from '@date-fns/tz';
import { formatAustralianPhone } from '#shared/contact/phone.ts';
import {
  bookingStateLabels,
  stageLabels,
  statusLabels,
  type LeadFilters,
} from '#shared/leads/leads.contract.ts';
import { readBookingSetup } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { csvLine } from './csv';
import { filterConditions, phasesOf, readPhase, stageCondition } from './lead-list.repository';
import { rowFacts, toLeadFilter, toListRow } from './lead-list.service';

// GET /api/leads/export.csv: every lead under the list's filters, newest first, read in keyset
// batches so memory stays flat whatever the number of leads.

const batchSize = 500;

const header = [
  'Created',
  'Name',
  'Email',
  'Phone',
  'Suburb',
  'Stage',
  'Status',
  'Main concern',
  'Estimate (AUD)',
  'Next booking',
  'Booking',
  'Consultation',
  'Consultant',
  'Visit address',
  'Booking notes',
  'Source',
  'Medium',
  'Campaign',
  'UTM term',
  'UTM content',
  'Referrer',
  'Landing page',
  'First staff action',
  'Minutes to first staff action',
];

const serviceLabels: Record<string, string> = { phone: 'Phone', onsite: 'Onsite' };

const dollars = (cents: number | null) => (cents === null ? null : (cents / 100).toFixed(2));

export async function exportLeadsCsv(db: Db, query: LeadFilters, now: Date): Promise<Readable> {
  const setup = await readBookingSetup(db);
  const timezone = setup.rules.timezone;
  const consultantNames = new Map(
    setup.consultants.map((member) => [member.id, member.name ?? member.id]),
  );
  const at = (iso: string | null) =>
    iso ? format(new Date(iso), 'dd/MM/yyyy h:mm aaa', { in: tz(timezone) }) : null;
  const filter = toLeadFilter(query, timezone);
  const conditions = [...filterConditions(filter, now), stageCondition(filter.stage)];
  const [newest] = phasesOf('newest', now);

  async function* lines() {
    yield `\uFEFF${csvLine(header)}`; // the BOM: Excel reads the file as UTF-8
    let cursor: { key: Date; id: string } | null = null;
    for (;;) {
      const rows = await readPhase(db, conditions, newest!, cursor, batchSize);
      if (rows.length === 0) return;
      const facts = await rowFacts(
        db,
        rows.map((r) => r.id),
        timezone,
        now,
      );
      let chunk = '';
      for (const raw of rows) {
        const row = toListRow(raw, facts);
        // the booking the row shows (its next appointment, else its latest cancelled one)
        const booking = facts.bookings
          .get(row.id)
          ?.find((b) => b.id === row.nextAppointment?.bookingId);
        const waited = row.speedToLead.firstStaffActionAt
          ? Math.round(row.speedToLead.waitedMs / 60_000)
          : null;
        chunk += csvLine([
          at(row.createdAt),
          row.name,
          row.email,
          // as Australians write it; a national number needs no formula guard (issue 26 item 13)
          row.phone && formatAustralianPhone(row.phone),
          row.suburb,
          stageLabels[row.stage],
          statusLabels[row.status],
          row.mainConcern?.name,
          dollars(row.estimateTotalCents),
          row.nextAppointment ? at(row.nextAppointment.startTime) : null,
          bookingStateLabels[row.bookingState],
          booking ? (serviceLabels[booking.serviceType] ?? booking.serviceType) : null,
          booking ? (consultantNames.get(booking.staffId) ?? booking.staffId) : null,
          booking?.serviceType === 'onsite' && !raw.erasedAt ? raw.address : null,
          booking?.notes,
          row.source,
          row.medium,
          row.campaign,
          raw.utmTerm,
          raw.utmContent,
          raw.referrer,
          raw.landingPage,
          at(row.speedToLead.firstStaffActionAt),
          waited,
        ]);
      }
      yield chunk;
      const last = rows.at(-1)!;
      cursor = { key: last.createdAt, id: last.id };
      if (rows.length < batchSize) return;
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/** A download, never cached by a shared proxy (it is personal data). */
export function sendCsv(reply: FastifyReply, body: Readable, fileName: string) {
  return reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}
