import { PageHeading } from '../../components/ui/page-heading';
import { StepProgress } from '../../components/ui/step-progress';
import { savedContact } from '../../lib/booking-flow';
import { useStepGuard } from '../../lib/use-step-guard';
import { paths } from '../../paths';
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
