import { useRef, useState } from 'react';
import { type LeadDetail } from '#shared/leads/lead-detail.contract.ts';
import { stageLabels } from '#shared/leads/leads.contract.ts';
import { Link } from '#web/lib/router.tsx';
import { shortDateTime } from './lead-format';
import { leadHref } from './lead-paths';
import { MergeDialog, type MergeCandidate } from './merge-dialog';
import type { Announcer } from './use-announcer';

const matched = { email: 'same e-mail', phone: 'same phone' } as const;

/** The person's customer records: this lead's first, then each other one once. */
function mergeCandidates(lead: LeadDetail): MergeCandidate[] {
  const own = lead.customer;
  if (!own || lead.customerErasedAt) return [];
  const seen = new Set([own.id]);
  const others: MergeCandidate[] = [];
  for (const d of lead.duplicates) {
    if (!d.customerId || seen.has(d.customerId)) continue;
    seen.add(d.customerId);
    others.push({
      customerId: d.customerId,
      name: d.name,
      email: d.email,
      phone: d.phone,
      isThisLead: false,
    });
  }
  if (others.length === 0) return [];
  const name = `${own.firstName} ${own.lastName}`.trim();
  return [
    { customerId: own.id, name, email: own.email, phone: own.phone, isThisLead: true },
    ...others,
  ];
}

/** Other enquiries with this e-mail or phone ("2 other enquiries"), merged into one customer. */
export function LeadDuplicates({
  lead,
  announcer,
  onMerged,
}: {
  lead: LeadDetail;
  announcer: Announcer;
  onMerged: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const { duplicates } = lead;
  if (duplicates.length === 0) return null;
  const count = duplicates.length;
  const candidates = mergeCandidates(lead);
  const ownId = lead.customer?.id;

  return (
    <section aria-labelledby="lead-duplicates-title" className="card space-y-3">
      <h2 ref={heading} tabIndex={-1} id="lead-duplicates-title" className="text-xl font-bold">
        {count} other {count === 1 ? 'enquiry' : 'enquiries'}
      </h2>
      <ul className="space-y-2">
        {duplicates.map((other) => (
          <li key={other.id}>
            <Link to={leadHref(other.id)} className="link">
              {other.name}
            </Link>{' '}
            · {stageLabels[other.stage]} · {shortDateTime(other.createdAt)} (
            {other.customerId === ownId
              ? 'same customer'
              : other.matchedOn.map((on) => matched[on]).join(', ')}
            )
          </li>
        ))}
      </ul>
      {candidates.length > 0 && (
        <button type="button" className="btn-quiet" onClick={() => setAsking(true)}>
          Merge into one customer…
        </button>
      )}
      {asking && (
        <MergeDialog
          candidates={candidates}
          onClose={() => setAsking(false)}
          onMerged={(kept) => {
            setAsking(false);
            announcer.say(`Records merged: every enquiry now belongs to ${kept.name}.`);
            heading.current?.focus();
            onMerged();
          }}
        />
      )}
    </section>
  );
}
