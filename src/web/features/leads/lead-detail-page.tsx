import { useQuery, useQueryClient } from '@tanstack/react-query';
import { statusLabels } from '#shared/leads/leads.contract.ts';
import { NoticeLines } from '#web/components/ui/notice-lines.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { Link } from '#web/lib/router.tsx';
import { ContactCard } from './contact-card';
import { EstimateTable } from './estimate-table';
import { JobDetails } from './job-details';
import { LeadAttribution } from './lead-attribution';
import { LeadBookings } from './lead-bookings';
import { CancelledBadge, StageBadge } from './lead-cells';
import { LeadDetailSkeleton } from './lead-detail-skeleton';
import { LeadDuplicates } from './lead-duplicates';
import { LeadVisits } from './lead-visits';
import { LeadFiles } from './lead-files';
import { shortDateTime, sourceLabel, waitLabel } from './lead-format';
import { LeadNotes } from './lead-notes';
import { leadDetailQuery, refreshLeads } from './leads-api';
import { MessageRows } from './message-rows';
import { PrivacyActions } from './privacy-actions';
import { QueryProblem } from './query-problem';
import { ScreenHeading } from './screen-heading';
import { StageActions } from './stage-actions';
import { useAnnouncer } from './use-announcer';
import { leadsListHref } from './use-lead-view';

/** /leads/:id: one lead, laid out for a phone call (call and stage first, then the job). */
export function LeadDetailPage({ id }: { id: string }) {
  const query = useQuery(leadDetailQuery(id));
  const queryClient = useQueryClient();
  const { notice, problem, announcer } = useAnnouncer();
  const lead = query.data;
  const notFound = query.error instanceof ApiRequestError && query.error.status === 404;
  const refresh = () => void refreshLeads(queryClient);
  const now = query.dataUpdatedAt;

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5 px-4 py-6 sm:py-10">
      <Link to={leadsListHref()} className="link inline-flex min-h-11 items-center">
        All leads
      </Link>
      <div>
        <ScreenHeading
          title={lead?.customer ? `${lead.customer.firstName} ${lead.customer.lastName}` : 'Lead'}
        >
          {lead ? leadName(lead) : notFound ? 'Lead not found' : 'Lead'}
        </ScreenHeading>
        {lead && (
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <StageBadge stage={lead.stage} />
            {lead.bookings.length > 0 &&
              lead.bookings.every((b) => b.booking.status === 'cancelled') && <CancelledBadge />}
            <span>{statusLabels[lead.status]}</span>
            <span className="text-muted">
              Enquired {shortDateTime(lead.createdAt)} ·{' '}
              {sourceLabel({
                source: lead.source,
                medium:
                  lead.attribution.lastTouch?.utmMedium ??
                  lead.attribution.firstTouch?.utmMedium ??
                  null,
              })}
            </span>
            <span className={lead.speedToLead.waiting ? 'font-semibold text-danger' : 'text-muted'}>
              {waitLabel(lead.speedToLead)}
            </span>
          </p>
        )}
      </div>
      <NoticeLines notice={notice} problem={problem} />
      {query.isPending && <LeadDetailSkeleton />}
      {notFound && (
        <p>
          There is no lead at this address: it may have been merged or erased.{' '}
          <Link to={leadsListHref()} className="link">
            Back to all leads
          </Link>
        </p>
      )}
      {query.isError && !lead && !notFound && <QueryProblem error={query.error} query={query} />}
      {lead && (
        <div className="grid items-start gap-5 lg:grid-cols-2">
          <div className="min-w-0 space-y-5">
            <ContactCard customer={lead.customer} />
            <LeadVisits lead={lead} announcer={announcer} />
            <StageActions lead={lead} announcer={announcer} />
            <JobDetails details={lead.details} />
            <EstimateTable estimate={lead.estimate} />
          </div>
          <div className="min-w-0 space-y-5">
            <LeadBookings
              bookings={lead.bookings}
              now={now}
              announcer={announcer}
              onChanged={refresh}
            />
            <LeadFiles files={lead.files} />
            <LeadNotes lead={lead} announcer={announcer} onAdded={refresh} />
            <section aria-labelledby="lead-messages-title" className="card space-y-3">
              <h2 id="lead-messages-title" className="text-xl font-bold">
                Messages about the lead
              </h2>
              <MessageRows messages={lead.messages} label="Messages about the lead" now={now} />
            </section>
            <LeadAttribution attribution={lead.attribution} />
            <LeadDuplicates lead={lead} announcer={announcer} onMerged={refresh} />
            <PrivacyActions lead={lead} announcer={announcer} onErased={refresh} />
          </div>
        </div>
      )}
    </div>
  );
}

function leadName(lead: { customer: { firstName: string; lastName: string } | null }): string {
  const name = lead.customer ? `${lead.customer.firstName} ${lead.customer.lastName}`.trim() : '';
  return name || 'No name given';
}
