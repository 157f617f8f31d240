import type { ReactNode } from 'react';
import type { LeadListRow } from '#shared/leads/leads.contract.ts';
import { CancelledBadge, LeadLink, ReturnedBadge, StageBadge } from './lead-cells';
import { leadFacts } from './lead-facts';
import { phoneText } from './lead-format';

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
            {leadFacts.map(
              ({ label, term = label, value }) =>
                term !== null && (
                  <Fact key={label} term={term}>
                    {value(lead)}
                  </Fact>
                ),
            )}
          </dl>
        </li>
      ))}
    </ul>
  );
}
