import { AdminSection } from '../../../components/admin/admin-section';

// Stub: replaced by the section's real form.
export function SmtpSection() {
  return (
    <AdminSection id="email" title="E-mail (SMTP)">
      <p className="text-muted">Coming soon.</p>
    </AdminSection>
  );
}
