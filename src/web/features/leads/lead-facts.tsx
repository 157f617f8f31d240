import type { ReactNode } from 'react';
import type { LeadListRow } from '#shared/leads/leads.contract.ts';
import { CancelledBadge, estimateText, NextAppointment, StageBadge, WaitCell } from './lead-cells';
import { shortDateTime, sourceLabel } from './lead-format';

interface LeadFact {
  /** The table's column heading. */
  label: string;
  /** The card's term, when shorter than the heading; `null` when the card shows it elsewhere. */
  term?: string | null;
  /** The table cell's own classes. */
  className?: string;
  value: (lead: LeadListRow) => ReactNode;
}

/** What the list shows of a lead after its name, in order: the table's columns, the card's facts. */
export const leadFacts: LeadFact[] = [
  { label: 'Suburb', value: (lead) => lead.suburb ?? '—' },
  {
    label: 'Stage',
    // a card shows the stage beside the name
    term: null,
    value: (lead) => (
      <>
        <StageBadge stage={lead.stage} />
        {lead.bookingState === 'cancelled' && (
          <div className="mt-1">
            <CancelledBadge />
          </div>
        )}
      </>
    ),
  },
  { label: 'Main concern', term: 'Concern', value: (lead) => lead.mainConcern?.name ?? '—' },
  { label: 'Estimate', className: 'text-right tabular-nums', value: estimateText },
  { label: 'Next appointment', value: (lead) => <NextAppointment lead={lead} /> },
  { label: 'Source', className: 'break-words', value: sourceLabel },
  { label: 'Created', value: (lead) => shortDateTime(lead.createdAt) },
  { label: 'First action', value: (lead) => <WaitCell lead={lead} /> },
];
