import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PromoCodeDto } from '#shared/admin/promo-codes.contract.ts';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
import { useListEditing } from '#web/components/admin/use-list-editing.ts';
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
  const entries = useListEditing<PromoCodeDto>({
    newButton: newButtonId,
    edit: editButtonId,
    delete: deleteButtonId,
  });
  const { editing, deleting } = entries;

  const remove = useMutation({
    mutationFn: (promo: PromoCodeDto) => deletePromoCode(queryClient, promo.id),
    onSuccess: (_, promo) => entries.deleted(`Promo code ${promo.code} deleted.`),
  });

  return (
    <AdminSection
      id="promo-codes"
      title="Promo codes"
      description="Codes customers enter on their estimate, or get from a link: /#CODE or a campaign's utm_campaign."
    >
      <div className="flex flex-wrap items-center gap-3">
        <button
          id={newButtonId}
          type="button"
          className="btn-primary"
          onClick={() => entries.open('new')}
        >
          New promo code
        </button>
        <p role="status" className="font-semibold text-brand">
          {entries.status}
        </p>
      </div>
      {editing && (
        <PromoCodeForm
          key={editing === 'new' ? 'new' : editing.id}
          stored={editing === 'new' ? null : editing}
          onSaved={(saved) => entries.saved(saved, `Promo code ${saved.code} saved.`)}
          onCancel={entries.cancel}
        />
      )}
      <QueryContent query={list}>
        {(data) => (
          <PromoCodeList
            promoCodes={data}
            now={new Date()}
            onEdit={entries.open}
            onDelete={(promo) => {
              remove.reset();
              entries.askToDelete(promo);
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
          onClose={entries.keep}
        >
          <p>Customers can no longer use it. Bookings that already used it keep their price.</p>
        </ConfirmDialog>
      )}
    </AdminSection>
  );
}
