import { AdminPage } from '#web/components/admin/admin-page.tsx';
import { BackupNotice } from '#web/components/staff/backup-notice.tsx';
import { LogOnlyWarning } from '#web/components/staff/log-only-warning.tsx';
import { StaffGate } from '#web/components/staff/staff-gate.tsx';
import { BackupsSection } from './backups/backups-section';
import { BookingOptionsSection, PainPointsSection } from './catalogue/catalogue-sections';
import { PricingSection } from './catalogue/pricing-section';
import { CampaignLinksSection } from './campaign-links/campaign-links-section';
import { BrandingSection } from './general/branding-section';
import { BusinessSection } from './general/business-section';
import { SetupChecklist } from './general/setup-checklist';
import { TogglesSection } from './general/toggles-section';
import { WebhookSection } from './general/webhook-section';
import { MessagesSection } from './messages/messages-section';
import { Ga4Section } from './messaging/ga4-section';
import { SmtpSection } from './messaging/smtp-section';
import { TwilioSection } from './messaging/twilio-section';
import { PromoCodesSection } from './promo-codes/promo-codes-section';
import { WebsiteSection } from './website/website-section';

// Section ids: the targets of the page's links (each section renders <AdminSection id=...>).
const sections = [
  { id: 'toggles', label: 'Features' },
  { id: 'business', label: 'Business' },
  { id: 'branding', label: 'Logo and partners' },
  { id: 'promo-codes', label: 'Promo codes' },
  { id: 'campaign-links', label: 'Links and QR codes' },
  { id: 'pain-points', label: 'Pain points' },
  { id: 'booking-options', label: 'Booking options' },
  { id: 'pricing', label: 'Pricing' },
  { id: 'website', label: 'Your website' },
  { id: 'webhook', label: 'Webhook' },
  { id: 'sms', label: 'Text messages' },
  { id: 'email', label: 'E-mail' },
  { id: 'analytics', label: 'Google Analytics' },
  { id: 'messages', label: 'Messages' },
  { id: 'backups', label: 'Backups' },
];

/** /settings (admin): everything of spec §7 Settings and Catalogue data except booking rules. */
export default function SettingsPage() {
  return (
    <StaffGate screen="Settings" role="admin">
      <AdminPage title="Settings" sections={sections}>
        {/* the static demo (ADR 026): what a change here does, and what it cannot do */}
        {import.meta.env.MODE === 'demo' && (
          <p role="note" className="card">
            Demo: changes here are kept in this browser only, and the demo&apos;s booking pages use
            them (features, business details, pain points, booking options and prices). The demo
            sends nothing, so the webhook, text messages, e-mail, Google Analytics, promo codes,
            booking links, logo uploads and backups cannot be set up here: their sections say so.
          </p>
        )}
        {import.meta.env.MODE !== 'demo' && <LogOnlyWarning settingsLink={false} />}
        <BackupNotice settingsLink={false} />
        <SetupChecklist />
        <TogglesSection />
        <BusinessSection />
        <BrandingSection />
        <PromoCodesSection />
        <CampaignLinksSection />
        <PainPointsSection />
        <BookingOptionsSection />
        <PricingSection />
        <WebsiteSection />
        <WebhookSection />
        <TwilioSection />
        <SmtpSection />
        <Ga4Section />
        <MessagesSection />
        <BackupsSection />
      </AdminPage>
    </StaffGate>
  );
}
