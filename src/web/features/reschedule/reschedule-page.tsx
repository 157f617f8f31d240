import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from '#web/lib/router.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { manageQuery } from './manage-api';
import { CancelledScreen, NotFoundScreen, PastScreen } from './manage-screens';
import { RescheduleForm } from './reschedule-form';

/** /reschedule?token=…: the manage link of the confirmation. */
export default function ReschedulePage() {
  // useLocation, not useSearchParams: that hook would land in the first screen's chunk
  const token = new URLSearchParams(useLocation().search).get('token')?.trim() ?? '';
  if (!token) return <NotFoundScreen />;
  return <ManageView key={token} token={token} />;
}

function ManageView({ token }: { token: string }) {
  const manage = useQuery(manageQuery(token));
  const [cancelledHere, setCancelledHere] = useState(false);

  if (manage.isPending) {
    return (
      <div className="page">
        <PageHeading title="Reschedule Booking">Reschedule Booking</PageHeading>
        <p role="status" className="mt-4 text-muted">
          Loading your booking...
        </p>
      </div>
    );
  }
  if (manage.isError) {
    if (manage.error instanceof ApiRequestError && manage.error.status === 404) {
      return <NotFoundScreen />;
    }
    return (
      <div className="page space-y-4">
        <PageHeading title="Reschedule Booking">Reschedule Booking</PageHeading>
        <div role="alert" className="card space-y-3">
          <p className="font-semibold text-danger">{manage.error.message}</p>
          <button type="button" className="btn-quiet" onClick={() => void manage.refetch()}>
            Retry
          </button>
        </div>
      </div>
    );
  }
  const { data } = manage;
  if (data.status === 'cancelled') return <CancelledScreen manage={data} justNow={cancelledHere} />;
  if (!data.canChange) return <PastScreen manage={data} />;
  return <RescheduleForm token={token} manage={data} onCancelled={() => setCancelledHere(true)} />;
}
