import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  visitFieldLabels,
  type LeadDetail,
  type LeadVisit,
} from '#shared/leads/lead-detail.contract.ts';
import { acceptVisit, refreshLeads, setLeadData } from './leads-api';
import { shortDateTime } from './lead-format';
import { problemText, type Announcer } from './use-announcer';

// ADR 043: the customer came back in later sessions. What they typed then is shown beside the
// stored details; staff accept it (anyone can type someone else's e-mail, so nothing is
// written over the customer without them).

function VisitRow({
  lead,
  visit,
  announcer,
}: {
  lead: LeadDetail;
  visit: LeadVisit;
  announcer: Announcer;
}) {
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: () => acceptVisit(lead.id, visit.id),
    onSuccess: (updated) => {
      setLeadData(queryClient, updated);
      void refreshLeads(queryClient);
      announcer.say('Contact details updated from the later visit.');
    },
    onError: (error) => announcer.fail(problemText(error)),
  });
  const titleId = `visit-${visit.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className="space-y-2 border-t border-line pt-3 first:border-0 first:pt-0"
    >
      <h3 id={titleId} className="font-semibold">
        Came back {shortDateTime(visit.at)}
        {visit.source && <span className="font-normal text-muted"> · from {visit.source}</span>}
      </h3>
      {visit.differences.length === 0 ? (
        <p className="text-muted">
          {visit.acceptedBy
            ? `Details accepted by ${visit.acceptedBy}.`
            : 'Same contact details as stored.'}
        </p>
      ) : (
        <>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">
              Details typed in this visit that differ from the stored ones
            </caption>
            <thead>
              <tr>
                <th scope="col" className="pr-2">
                  Field
                </th>
                <th scope="col" className="pr-2">
                  Stored
                </th>
                <th scope="col">Typed this visit</th>
              </tr>
            </thead>
            <tbody>
              {visit.differences.map((d) => (
                <tr key={d.field} className="align-top">
                  <th scope="row" className="pr-2 font-semibold">
                    {visitFieldLabels[d.field]}
                  </th>
                  <td className="pr-2 break-words">{d.stored || '—'}</td>
                  <td className="break-words">{d.typed || '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {!lead.customerErasedAt && (
            <button
              type="button"
              className="btn-quiet"
              disabled={accept.isPending}
              onClick={() => accept.mutate()}
            >
              Use these details
            </button>
          )}
        </>
      )}
    </li>
  );
}

/** The lead's later visits, newest first; nothing when the customer never came back. */
export function LeadVisits({ lead, announcer }: { lead: LeadDetail; announcer: Announcer }) {
  if (lead.visits.length === 0) return null;
  return (
    <section aria-labelledby="lead-visits-title" className="card space-y-3">
      <h2 id="lead-visits-title" className="text-xl font-bold">
        Came back {lead.visits.length === 1 ? 'once' : `${lead.visits.length} times`}
      </h2>
      <ul className="space-y-3">
        {lead.visits.map((visit) => (
          <VisitRow key={visit.id} lead={lead} visit={visit} announcer={announcer} />
        ))}
      </ul>
    </section>
  );
}
