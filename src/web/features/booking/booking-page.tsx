import { useEffect, useState } from 'react';
import { customerSteps } from '#shared/analytics/customer-steps.ts';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { StepProgress } from '#web/components/ui/step-progress.tsx';
import { savedContact } from '#web/lib/booking-flow.ts';
import { recordCustomerStep } from '#web/lib/customer-steps.ts';
import { getSessionId } from '#web/lib/session-id.ts';
import { useStepGuard } from '#web/lib/use-step-guard.ts';
import { paths } from '#web/paths.ts';
import { BookingForm } from './booking-form';

/** /booking: the Booking step. Without the Contact step done, back to /. */
export default function BookingPage() {
  useStepGuard(() => (savedContact() ? null : paths.home));
  const [ready] = useState(() => savedContact() !== null);
  const [sessionId] = useState(getSessionId);
  useEffect(() => {
    if (ready) recordCustomerStep(customerSteps.bookingOpened);
  }, [ready]);
  return (
    <div className="page">
      <PageHeading title="Choose a Time">Choose a Time</PageHeading>
      <p className="mt-2 text-muted">Pick a day and time for your consultation</p>
      <StepProgress current={2} />
      {ready && <BookingForm sessionId={sessionId} />}
    </div>
  );
}
