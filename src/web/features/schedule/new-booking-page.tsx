import { StaffGate } from '#web/components/staff/staff-gate.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { businessToday } from '#web/lib/melbourne-time.ts';
import { Link } from '#web/lib/router.tsx';
import { paths } from '#web/paths.ts';
import { PhoneInForm } from './phone-in-form';

/** /schedule/new (staff): book a customer who phoned in (issue 28). */
export default function NewBookingPage() {
  return (
    <StaffGate screen="New booking" role="staff">
      <div className="mx-auto w-full max-w-3xl space-y-5 px-4 py-6 sm:py-10">
        <PageHeading title="New booking">New booking</PageHeading>
        <p className="text-muted">
          For a customer on the phone: the times are the ones the booking page would offer them, and
          they get the same confirmation.{' '}
          <Link className="link" to={paths.schedule}>
            Back to the schedule
          </Link>
        </p>
        <PhoneInForm today={businessToday()} />
      </div>
    </StaffGate>
  );
}
