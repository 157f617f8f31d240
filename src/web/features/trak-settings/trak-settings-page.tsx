import { AdminPage } from '#web/components/admin/admin-page.tsx';
import { StaffGate } from '#web/components/staff/staff-gate.tsx';
import { BookingRulesSection } from './booking-rules/booking-rules-section';
import { ConsultantsSection } from './consultants/consultants-section';
import { JobTrackingSection } from './job-tracking/job-tracking-section';

const sections = [
  { id: 'booking-rules', label: 'Booking rules' },
  { id: 'consultants', label: 'Consultants' },
  { id: 'job-tracking', label: 'Job tracking' },
];

/**
 * /trak-settings (admin): booking rules with a live slot preview, the consultants, and the
 * job-tracking link.
 */
export default function TrakSettingsPage() {
  return (
    <StaffGate screen="Job Tracking Settings" role="admin">
      <AdminPage title="Job Tracking Settings" sections={sections}>
        <BookingRulesSection />
        <ConsultantsSection />
        <JobTrackingSection />
      </AdminPage>
    </StaffGate>
  );
}
