import { useQuery } from '@tanstack/react-query';
import { AdminSection, SectionState } from '#web/components/admin/admin-section.tsx';
import { adminBookingOptionsQuery, bookingOptionKind } from './catalogue-api';
import { BookingOptionForm } from './booking-option-form';
import { CatalogueList } from './catalogue-list';

/** Spec §3 booking options: what customers choose on the Contact step, and how long it takes. */
export function BookingOptionsSection() {
  const list = useQuery(adminBookingOptionsQuery);
  return (
    <AdminSection
      id="booking-options"
      title="Booking options"
      description="What customers choose on the Contact step. Only active ones are offered."
    >
      {list.data ? (
        <CatalogueList
          kind={bookingOptionKind}
          title="Current booking options"
          entries={list.data}
          nameOf={(option) => option.label}
          detailOf={(option) => `${option.duration} minutes`}
          renderEditor={(option, done) => <BookingOptionForm entry={option} onDone={done} />}
        />
      ) : (
        <SectionState status={list.status} error={list.error} onRetry={() => void list.refetch()} />
      )}
      <h3 className="text-lg font-bold">Add a booking option</h3>
      <BookingOptionForm />
    </AdminSection>
  );
}
