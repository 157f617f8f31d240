import { useQuery } from '@tanstack/react-query';
import { AdminSection, SectionState } from '#web/components/admin/admin-section.tsx';
import { adminPainPointsQuery, painPointKind } from './catalogue-api';
import { CatalogueList } from './catalogue-list';
import { PainPointForm } from './pain-point-form';

/** Spec §3 pain points: the concerns customers choose from on the Details step. */
export function PainPointsSection() {
  const list = useQuery(adminPainPointsQuery);
  return (
    <AdminSection
      id="pain-points"
      title="Pain points"
      description="The concerns customers choose from on the Details step. Only active ones are offered."
    >
      {list.data ? (
        <CatalogueList
          kind={painPointKind}
          title="Current pain points"
          entries={list.data}
          nameOf={(painPoint) => painPoint.name}
          renderEditor={(painPoint, done) => <PainPointForm entry={painPoint} onDone={done} />}
        />
      ) : (
        <SectionState status={list.status} error={list.error} onRetry={() => void list.refetch()} />
      )}
      <h3 className="text-lg font-bold">Add a pain point</h3>
      <PainPointForm />
    </AdminSection>
  );
}
