import { useState } from 'react';
import { PageHeading } from '../../components/ui/page-heading';
import { StepProgress } from '../../components/ui/step-progress';
import { savedContact } from '../../lib/booking-flow';
import { getSessionId } from '../../lib/session-id';
import { useStepGuard } from '../../lib/use-step-guard';
import { paths } from '../../paths';
import { BookingForm } from './booking-form';

/** /booking: the Booking step. Without the Contact step done, back to /. */
export default function BookingPage() {
  useStepGuard(() => (savedContact() ? null : paths.home));
  const [ready] = useState(() => savedContact() !== null);
  const [sessionId] = useState(getSessionId);
  return (
    <div className="page">
      <PageHeading title="Choose a Time">Choose a Time</PageHeading>
      <p className="mt-2 text-muted">Pick a day and time for your consultation</p>
      <StepProgress current={2} />
      {ready && <BookingForm sessionId={sessionId} />}
    </div>
  );
}
