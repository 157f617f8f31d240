import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { PromoCodeDto } from '#shared/admin/promo-codes.contract.ts';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { PromoCodeForm } from './promo-code-form';
import { deleteButtonId, editButtonId, PromoCodeList } from './promo-code-list';
import { deletePromoCode, promoCodesQuery } from './promo-codes-api';

const newButtonId = 'promo-new';

/** Settings › Promo codes (spec §3): the list with usage, and create, edit, delete. */
export function PromoCodesSection() {
  const queryClient = useQueryClient();
  const list = useQuery(promoCodesQuery);
  // the form above the list: a new code, or the one being edited
  const [editing, setEditing] = useState<PromoCodeDto | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PromoCodeDto | null>(null);
  const [status, setStatus] = useState('');
  // where focus goes once the form or the dialog has closed (a new object each time)
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);

  const remove = useMutation({
    mutationFn: (promo: PromoCodeDto) => deletePromoCode(queryClient, promo.id),
    onSuccess: (_, promo) => {
      setDeleting(null);
      setStatus(`Promo code ${promo.code} deleted.`);
      setFocusTarget({ id: newButtonId });
    },
  });

  const closeForm = (focusId: string) => {
    setEditing(null);
    setFocusTarget({ id: focusId });
  };
  const open = (next: PromoCodeDto | 'new') => {
    setStatus('');
    setEditing(next);
  };

  return (
    <AdminSection
      id="promo-codes"
      title="Promo codes"
      description="Codes customers enter on their estimate, or get from a link: /#CODE or a campaign's utm_campaign."
    >
      <div className="flex flex-wrap items-center gap-3">
        <button id={newButtonId} type="button" className="btn-primary" onClick={() => open('new')}>
          New promo code
        </button>
        <p role="status" className="font-semibold text-brand">
          {status}
        </p>
      </div>
      {editing && (
        <PromoCodeForm
          key={editing === 'new' ? 'new' : editing.id}
          stored={editing === 'new' ? null : editing}
          onSaved={(saved) => {
            setStatus(`Promo code ${saved.code} saved.`);
            closeForm(editButtonId(saved));
          }}
          onCancel={() => closeForm(editing === 'new' ? newButtonId : editButtonId(editing))}
        />
      )}
      <QueryContent query={list}>
        {(data) => (
          <PromoCodeList
            promoCodes={data}
            now={new Date()}
            onEdit={open}
            onDelete={(promo) => {
              remove.reset();
              setDeleting(promo);
            }}
          />
        )}
      </QueryContent>
      {deleting && (
        <ConfirmDialog
          title={`Delete promo code ${deleting.code}?`}
          confirmLabel="Delete"
          cancelLabel="Keep it"
          busy={remove.isPending}
          error={remove.error?.message ?? null}
          onConfirm={() => remove.mutate(deleting)}
          onClose={() => {
            setDeleting(null);
            setFocusTarget({ id: deleteButtonId(deleting) });
          }}
        >
          <p>Customers can no longer use it. Bookings that already used it keep their price.</p>
        </ConfirmDialog>
      )}
    </AdminSection>
  );
}
