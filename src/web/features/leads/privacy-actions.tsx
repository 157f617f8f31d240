import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { LeadDetail } from '#shared/leads/lead-detail.contract.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { staffSessionQuery } from '#web/lib/staff-api.ts';
import { shortDateTime } from './lead-format';
import { erasePerson, privacyExportHref } from './leads-api';
import { problemText, type Announcer } from './use-announcer';

/**
 * Privacy requests (APP 12 and 13) about the lead's person. Everyone sees that a person was
 * erased; only an admin gets the export and erase buttons (the server refuses staff anyway).
 */
export function PrivacyActions({
  lead,
  announcer,
  onErased,
}: {
  lead: LeadDetail;
  announcer: Announcer;
  onErased: () => void;
}) {
  const { data: user } = useQuery(staffSessionQuery);
  const [asking, setAsking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const customer = lead.customer;
  const erase = useMutation({
    mutationFn: () => erasePerson(customer?.id ?? ''),
    onSuccess: () => {
      setAsking(false);
      announcer.say('Their personal details were erased.');
      heading.current?.focus();
      onErased();
    },
  });
  if (!customer || (!lead.customerErasedAt && user?.role !== 'admin')) return null;
  const name = `${customer.firstName} ${customer.lastName}`.trim() || 'this person';

  return (
    <section aria-labelledby="lead-privacy-title" className="card space-y-3">
      <h2 ref={heading} tabIndex={-1} id="lead-privacy-title" className="text-xl font-bold">
        Privacy requests
      </h2>
      {lead.customerErasedAt ? (
        <p>
          This person’s details were erased on {shortDateTime(lead.customerErasedAt)}. The enquiry
          and its bookings stay, without anything about who they were.
        </p>
      ) : (
        <>
          <p className="text-muted">
            When a person asks what is held about them, or asks to be forgotten (Australian Privacy
            Principles 12 and 13).
          </p>
          <div className="flex flex-wrap gap-3">
            <a className="btn-quiet" href={privacyExportHref(customer.id)} download>
              Export everything held (zip)
            </a>
            <button type="button" className="btn-quiet" onClick={() => setAsking(true)}>
              Erase this person…
            </button>
          </div>
        </>
      )}
      {asking && (
        <ConfirmDialog
          title={`Erase ${name} for good?`}
          confirmLabel={`Erase ${name}`}
          cancelLabel="Keep their details"
          busy={erase.isPending}
          error={erase.isError ? problemText(erase.error) : null}
          onConfirm={() => erase.mutate()}
          onClose={() => {
            setAsking(false);
            erase.reset();
          }}
        >
          <p>
            Their name, e-mail, phone, address, the notes about them and their photos and files are
            removed from every enquiry and booking they made. The enquiries and bookings stay as
            anonymous rows, so counts stay true. This cannot be undone: export first if they asked
            for a copy.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
