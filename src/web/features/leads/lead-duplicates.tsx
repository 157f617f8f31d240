import { type LeadDetail } from '#shared/leads/lead-detail.contract.ts';
import { stageLabels } from '#shared/leads/leads.contract.ts';
import { Link } from '#web/lib/router.tsx';
import { shortDateTime } from './lead-format';
import { leadHref } from './lead-paths';

const matched = { email: 'same e-mail', phone: 'same phone' } as const;

/** Other enquiries with this e-mail or phone ("2 other enquiries"). */
export function LeadDuplicates({ duplicates }: { duplicates: LeadDetail['duplicates'] }) {
  if (duplicates.length === 0) return null;
  const count = duplicates.length;
  return (
    <section aria-labelledby="lead-duplicates-title" className="card space-y-3">
      <h2 id="lead-duplicates-title" className="text-xl font-bold">
        {count} other {count === 1 ? 'enquiry' : 'enquiries'}
      </h2>
      <ul className="space-y-2">
        {duplicates.map((other) => (
          <li key={other.id}>
            <Link to={leadHref(other.id)} className="link">
              {other.name}
            </Link>{' '}
            · {stageLabels[other.stage]} · {shortDateTime(other.createdAt)} (
            {other.matchedOn.map((on) => matched[on]).join(', ')})
          </li>
        ))}
      </ul>
      {/* POST /api/customers/:id/merge is in the contract, not yet on the server */}
      <p className="text-sm text-muted">Merging these into one customer is not available yet.</p>
    </section>
  );
}
