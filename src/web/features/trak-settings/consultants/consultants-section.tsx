import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Consultant } from '#shared/admin/consultants.contract.ts';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
import { useListEditing } from '#web/components/admin/use-list-editing.ts';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { ConsultantForm } from './consultant-form';
import { ConsultantList, deleteButtonId, editButtonId } from './consultant-list';
import { consultantsQuery, deleteConsultant } from './consultants-api';
import { WeekAhead } from './week-ahead';

const newButtonId = 'consultant-new';

/** /trak-settings › Consultants (issue 28): who takes consultations, when, from where. */
export function ConsultantsSection() {
  const queryClient = useQueryClient();
  const list = useQuery(consultantsQuery);
  const entries = useListEditing<Consultant>({
    newButton: newButtonId,
    edit: editButtonId,
    delete: deleteButtonId,
  });
  const { editing, deleting } = entries;

  const remove = useMutation({
    mutationFn: (c: Consultant) => deleteConsultant(queryClient, c.id),
    onSuccess: (_, c) => entries.deleted(`${c.name} deleted.`),
  });

  return (
    <AdminSection
      id="consultants"
      title="Consultants"
      description="The people who take consultations. A time is offered to customers when a consultant who does that kind of consultation works then and is free; the customer picks the time, and it goes to one of them."
    >
      <div className="flex flex-wrap items-center gap-3">
        <button
          id={newButtonId}
          type="button"
          className="btn-primary"
          onClick={() => entries.open('new')}
        >
          New consultant
        </button>
        <p role="status" className="font-semibold text-brand">
          {entries.status}
        </p>
      </div>
      {editing && (
        <ConsultantForm
          key={editing === 'new' ? 'new' : editing.id}
          stored={editing === 'new' ? null : editing}
          onSaved={(saved) => entries.saved(saved, `${saved.name} saved.`)}
          onCancel={entries.cancel}
        />
      )}
      <QueryContent query={list}>
        {(consultants) => (
          <>
            <ConsultantList
              consultants={consultants}
              onEdit={entries.open}
              onDelete={(c) => {
                remove.reset();
                entries.askToDelete(c);
              }}
            />
            <WeekAhead consultants={consultants} />
          </>
        )}
      </QueryContent>
      {deleting && (
        <ConfirmDialog
          title={`Delete ${deleting.name}?`}
          confirmLabel="Delete"
          cancelLabel="Keep them"
          busy={remove.isPending}
          error={remove.error?.message ?? null}
          onConfirm={() => remove.mutate(deleting)}
          onClose={entries.keep}
        >
          <p>
            Customers are no longer offered their times. A consultant with bookings to come cannot
            be deleted until those are moved; to stop new bookings only, untick “Takes bookings”.
          </p>
        </ConfirmDialog>
      )}
    </AdminSection>
  );
}
