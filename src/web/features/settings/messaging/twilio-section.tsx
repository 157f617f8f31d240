import { AdminSection } from '../../../components/admin/admin-section';

// Stub: replaced by the section's real form.
export function TwilioSection() {
  return (
    <AdminSection id="sms" title="Text messages (Twilio)">
      <p className="text-muted">Coming soon.</p>
    </AdminSection>
  );
}
