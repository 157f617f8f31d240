import { StaffGate } from '#web/components/staff/staff-gate.tsx';
import { useLocation } from '#web/lib/router.tsx';
import { LeadDetailPage } from './lead-detail-page';
import { leadIdOf } from './lead-paths';
import { LeadsListPage } from './leads-list-page';

/**
 * /leads and /leads/:id (staff and admin): one lazily loaded chunk for both, which reads the
 * id from the path itself, so it needs no route parameters from the router.
 */
export default function LeadsPage() {
  const { pathname } = useLocation();
  const id = leadIdOf(pathname);
  return (
    <StaffGate screen="Leads" role="staff">
      {id ? <LeadDetailPage key={id} id={id} /> : <LeadsListPage />}
    </StaffGate>
  );
}
