import { useEffect } from 'react';
import { StaffGate } from '#web/components/staff/staff-gate.tsx';
import { useLocation, useNavigate } from '#web/lib/router.tsx';
import { LeadDetailPage } from './lead-detail-page';
import { leadHref, leadIdOf, legacyLeadIdOf } from './lead-paths';
import { LeadsListPage } from './leads-list-page';

/**
 * /leads and /leads/:id (staff and admin): one lazily loaded chunk for both, which reads the
 * id from the path itself, so it needs no route parameters from the router.
 */
export default function LeadsPage() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  // the staff e-mails' old link, /leads?lead=<id>: that lead's own address, in place
  const legacyId = leadIdOf(pathname) ? null : legacyLeadIdOf(search);
  useEffect(() => {
    if (legacyId) navigate(leadHref(legacyId), { replace: true });
  }, [legacyId, navigate]);
  const id = leadIdOf(pathname) ?? legacyId;
  return (
    <StaffGate screen="Leads" role="staff">
      {id ? <LeadDetailPage key={id} id={id} /> : <LeadsListPage />}
    </StaffGate>
  );
}
