import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Consultant } from '#shared/admin/consultants.contract.ts';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
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
  const [editing, setEditing] = useState<Consultant | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Consultant | null>(null);
  const [status, setStatus] = useState('');
  // where focus goes once the form or the dialog has closed (a new object each time)
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);

  const remove = useMutation({
    mutationFn: (c: Consultant) => deleteConsultant(queryClient, c.id),
    onSuccess: (_, c) => {
      setDeleting(null);
      setStatus(`${c.name} deleted.`);
      setFocusTarget({ id: newButtonId });
    },
  });
  const closeForm = (focusId: string) => {
    setEditing(null);
    setFocusTarget({ id: focusId });
  };
  const open = (next: Consultant | 'new') => {
    setStatus('');
    setEditing(next);
  };

  return (
    <AdminSection
      id="consultants"
      title="Consultants"
      description="The people who take consultations. A time is offered to customers when a consultant who does that kind of consultation works then and is free; the customer picks the time, and it goes to one of them."
    >
      <div className="flex flex-wrap items-center gap-3">
        <button id={newButtonId} type="button" className="btn-primary" onClick={() => open('new')}>
          New consultant
        </button>
        <p role="status" className="font-semibold text-brand">
          {status}
        </p>
      </div>
      {editing && (
        <ConsultantForm
          key={editing === 'new' ? 'new' : editing.id}
          stored={editing === 'new' ? null : editing}
          onSaved={(saved) => {
            setStatus(`${saved.name} saved.`);
            closeForm(editButtonId(saved));
          }}
          onCancel={() => closeForm(editing === 'new' ? newButtonId : editButtonId(editing))}
        />
      )}
      <QueryContent query={list}>
        {(consultants) => (
          <>
            <ConsultantList
              consultants={consultants}
              onEdit={open}
              onDelete={(c) => {
                remove.reset();
                setDeleting(c);
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
          onClose={() => {
            setDeleting(null);
            setFocusTarget({ id: deleteButtonId(deleting) });
          }}
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
