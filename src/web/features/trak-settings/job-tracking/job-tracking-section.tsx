import { AdminSection } from '../../../components/admin/admin-section';

// Stub: replaced by the section's real form.
export function JobTrackingSection() {
  return (
    <AdminSection id="job-tracking" title="Job tracking">
      <p className="text-muted">Coming soon.</p>
    </AdminSection>
  );
}
