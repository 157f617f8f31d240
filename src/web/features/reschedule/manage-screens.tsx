import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from '#web/lib/router.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { formatSlotRange } from '#web/lib/melbourne-time.ts';
import { paths } from '#web/paths.ts';
import type { ManageBooking } from './manage-api';
import { cancelledMessage, manageNotFound, pastMessage } from './manage-messages';

export const serviceName = (serviceType: string) =>
  serviceType === 'onsite' ? 'Onsite consultation' : 'Phone consultation';

/** The booking as it stands, in Melbourne time. */
export function BookingSummary({ manage, title }: { manage: ManageBooking; title: string }) {
  const { timeSlot, serviceType } = manage.booking;
  return (
    <section aria-labelledby="current-title" className="card">
      <h2 id="current-title" className="text-lg font-bold">
        {title}
      </h2>
      <p className="mt-2 font-semibold">{formatSlotRange(timeSlot.startTime, timeSlot.endTime)}</p>
      <p className="text-sm text-muted">Melbourne time · {serviceName(serviceType)}</p>
    </section>
  );
}

function Screen({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page space-y-5">
      <PageHeading title={title}>{title}</PageHeading>
      {children}
      <Link to={paths.home} className="btn-primary">
        Make a new booking
      </Link>
    </div>
  );
}

export function NotFoundScreen() {
  return (
    <Screen title="Booking Not Found">
      <p>{manageNotFound}</p>
    </Screen>
  );
}

/** `justNow`: cancelled on this page a moment ago; the news takes focus (the page stays put). */
export function CancelledScreen({ manage, justNow }: { manage: ManageBooking; justNow: boolean }) {
  const news = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (justNow) news.current?.focus();
  }, [justNow]);
  return (
    <Screen title="Booking Cancelled">
      <p ref={news} tabIndex={-1} role={justNow ? 'status' : undefined} className="text-lg">
        {cancelledMessage}
      </p>
      <BookingSummary manage={manage} title="The cancelled booking" />
    </Screen>
  );
}

export function PastScreen({ manage }: { manage: ManageBooking }) {
  return (
    <Screen title="Booking Already Started">
      <p className="text-lg">{pastMessage}</p>
      <BookingSummary manage={manage} title="Your booking" />
    </Screen>
  );
}
