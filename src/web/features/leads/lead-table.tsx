import type { LeadListRow } from '#shared/leads/leads.contract.ts';
import { phoneText, shortDateTime, sourceLabel } from './lead-format';
import {
  CancelledBadge,
  estimateText,
  LeadLink,
  NextAppointment,
  ReturnedBadge,
  StageBadge,
  WaitCell,
} from './lead-cells';

const columns = [
  'Name',
  'Suburb',
  'Stage',
  'Main concern',
  'Estimate',
  'Next appointment',
  'Source',
  'Created',
  'First action',
];

/** The desktop list: one lead a row, every column at a glance. */
export function LeadTable({ leads }: { leads: LeadListRow[] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Leads</caption>
      <thead className="border-b-2 border-line">
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col" className="px-2 py-2 font-semibold">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {leads.map((lead) => (
          <tr key={lead.id} className="border-b border-line align-top">
            <th scope="row" className="px-2 py-3 font-normal">
              <LeadLink lead={lead} />
              <ReturnedBadge lead={lead} />
              {lead.phone && <div className="text-muted">{phoneText(lead.phone)}</div>}
            </th>
            <td className="px-2 py-3">{lead.suburb ?? '—'}</td>
            <td className="px-2 py-3">
              <StageBadge stage={lead.stage} />
              {lead.bookingState === 'cancelled' && (
                <div className="mt-1">
                  <CancelledBadge />
                </div>
              )}
            </td>
            <td className="px-2 py-3">{lead.mainConcern?.name ?? '—'}</td>
            <td className="px-2 py-3 text-right tabular-nums">{estimateText(lead)}</td>
            <td className="px-2 py-3">
              <NextAppointment lead={lead} />
            </td>
            <td className="px-2 py-3 break-words">{sourceLabel(lead)}</td>
            <td className="px-2 py-3">{shortDateTime(lead.createdAt)}</td>
            <td className="px-2 py-3">
              <WaitCell lead={lead} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
