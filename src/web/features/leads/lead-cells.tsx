import { stageLabels, type LeadListRow } from '#shared/leads/leads.contract.ts';
import { formatCents } from '#shared/pricing/money.ts';
import { Link } from '#web/lib/router.tsx';
import { appointmentTime, waitLabel } from './lead-format';
import { leadHref } from './lead-paths';

// The pieces of a lead's row, shared by the desktop table and the phone cards.

export function LeadLink({ lead }: { lead: LeadListRow }) {
  return (
    <Link to={leadHref(lead.id)} className="link">
      {lead.name}
    </Link>
  );
}

/** A lead the customer came back to in a later session (ADR 043), not a new enquiry. */
export function ReturnedBadge({ lead }: { lead: LeadListRow }) {
  if (!lead.returnedAt) return null;
  return (
    <span className="ml-2 inline-block rounded-full border border-line bg-canvas px-2 text-sm font-semibold whitespace-nowrap">
      Came back
    </span>
  );
}

export function StageBadge({ stage }: { stage: LeadListRow['stage'] }) {
  return (
    <span className="inline-block rounded-full border border-line bg-canvas px-2 text-sm font-semibold whitespace-nowrap">
      {stageLabels[stage]}
    </span>
  );
}

/**
 * The lead's booking was cancelled and none is live (issue 26 item 3): shown beside the stage, so
 * a cancellation is seen in the list and on the lead, not only in the timeline.
 */
export function CancelledBadge() {
  return (
    <span className="inline-block rounded-full border border-danger bg-danger-soft px-2 text-sm font-semibold whitespace-nowrap text-danger">
      Booking cancelled
    </span>
  );
}

export const estimateText = (lead: LeadListRow) =>
  lead.estimateTotalCents === null ? '—' : formatCents(lead.estimateTotalCents);

export function NextAppointment({ lead }: { lead: LeadListRow }) {
  const next = lead.nextAppointment;
  if (!next) return <span className="text-muted">None</span>;
  return (
    <span className={next.status === 'cancelled' ? 'line-through' : undefined}>
      {appointmentTime(next.startTime)}
      {next.status === 'cancelled' && <span className="sr-only"> (cancelled)</span>}
    </span>
  );
}

/** Speed to lead: a lead nobody has acted on yet stands out. */
export function WaitCell({ lead }: { lead: LeadListRow }) {
  const { speedToLead } = lead;
  return (
    <span className={speedToLead.waiting ? 'font-semibold text-danger' : 'text-muted'}>
      {waitLabel(speedToLead)}
    </span>
  );
}
