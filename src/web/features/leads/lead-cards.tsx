import type { ReactNode } from 'react';
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

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="text-muted">{term}:</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** The phone list: one card a lead, readable at 320 px. */
export function LeadCards({ leads }: { leads: LeadListRow[] }) {
  return (
    <ul aria-label="Leads" className="space-y-3">
      {leads.map((lead) => (
        <li key={lead.id} className="rounded-xl border border-line bg-surface p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h2 className="min-w-0 text-lg font-bold break-words">
              <LeadLink lead={lead} />
              <ReturnedBadge lead={lead} />
            </h2>
            <span className="flex flex-wrap gap-1">
              <StageBadge stage={lead.stage} />
              {lead.bookingState === 'cancelled' && <CancelledBadge />}
            </span>
          </div>
          <dl className="mt-2 space-y-1 text-sm">
            {lead.phone && <Fact term="Phone">{phoneText(lead.phone)}</Fact>}
            <Fact term="Suburb">{lead.suburb ?? '—'}</Fact>
            <Fact term="Concern">{lead.mainConcern?.name ?? '—'}</Fact>
            <Fact term="Estimate">{estimateText(lead)}</Fact>
            <Fact term="Next appointment">
              <NextAppointment lead={lead} />
            </Fact>
            <Fact term="Source">{sourceLabel(lead)}</Fact>
            <Fact term="Created">{shortDateTime(lead.createdAt)}</Fact>
            <Fact term="First action">
              <WaitCell lead={lead} />
            </Fact>
          </dl>
        </li>
      ))}
    </ul>
  );
}
