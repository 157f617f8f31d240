import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { StepProgress } from '#web/components/ui/step-progress.tsx';
import { savedContact } from '#web/lib/booking-flow.ts';
import { useStepGuard } from '#web/lib/use-step-guard.ts';
import { paths } from '#web/paths.ts';
import { DetailsForm } from './details-form';

/** /measurement: the Details step. */
export default function DetailsPage() {
  useStepGuard(() => (savedContact() ? null : paths.home));
  return (
    <div className="page">
      <PageHeading title="Window Details">Window Details</PageHeading>
      <p className="mt-2 text-muted">Tell us about your windows and your main concern</p>
      <StepProgress current={1} />
      <DetailsForm />
    </div>
  );
}
