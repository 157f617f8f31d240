import { useQuery, type UseQueryOptions } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { AdminSection, SectionState } from '#web/components/admin/admin-section.tsx';
import { BookingOptionForm } from './booking-option-form';
import {
  adminBookingOptionsQuery,
  adminPainPointsQuery,
  bookingOptionKind,
  painPointKind,
  type CatalogueKind,
} from './catalogue-api';
import { CatalogueList } from './catalogue-list';
import type { CatalogueEntry } from './catalogue-row';
import type { EntryFormProps } from './entry-form';
import { PainPointForm } from './pain-point-form';

interface Props<T extends CatalogueEntry> {
  id: string;
  title: string;
  description: string;
  kind: CatalogueKind;
  query: UseQueryOptions<T[], Error, T[], string[]>;
  /** "pain points": the list is "Current pain points". */
  plural: string;
  nameOf: (entry: T) => string;
  detailOf?: (entry: T) => string;
  Form: ComponentType<EntryFormProps<T>>;
}

/** A catalogue list of spec §3 on /settings: its entries, each editable, and a form to add one. */
function CatalogueSection<T extends CatalogueEntry>({
  id,
  title,
  description,
  kind,
  query,
  plural,
  nameOf,
  detailOf,
  Form,
}: Props<T>) {
  const list = useQuery(query);
  return (
    <AdminSection id={id} title={title} description={description}>
      {list.data ? (
        <CatalogueList
          kind={kind}
          title={`Current ${plural}`}
          entries={list.data}
          nameOf={nameOf}
          detailOf={detailOf}
          renderEditor={(entry, done) => <Form entry={entry} onDone={done} />}
        />
      ) : (
        <SectionState status={list.status} error={list.error} onRetry={() => void list.refetch()} />
      )}
      <h3 className="text-lg font-bold">Add a {kind.noun}</h3>
      <Form />
    </AdminSection>
  );
}

/** Spec §3 pain points: the concerns customers choose from on the Details step. */
export function PainPointsSection() {
  return (
    <CatalogueSection
      id="pain-points"
      title="Pain points"
      description="The concerns customers choose from on the Details step. Only active ones are offered."
      kind={painPointKind}
      query={adminPainPointsQuery}
      plural="pain points"
      nameOf={(painPoint) => painPoint.name}
      Form={PainPointForm}
    />
  );
}

/** Spec §3 booking options: what customers choose on the Contact step, and how long it takes. */
export function BookingOptionsSection() {
  return (
    <CatalogueSection
      id="booking-options"
      title="Booking options"
      description="What customers choose on the Contact step. Only active ones are offered."
      kind={bookingOptionKind}
      query={adminBookingOptionsQuery}
      plural="booking options"
      nameOf={(option) => option.label}
      detailOf={(option) => `${option.duration} minutes`}
      Form={BookingOptionForm}
    />
  );
}
