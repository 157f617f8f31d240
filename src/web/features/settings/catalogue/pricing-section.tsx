import { useQuery } from '@tanstack/react-query';
import { AdminSection, SectionState } from '#web/components/admin/admin-section.tsx';
import { adminPainPointsQuery, adminPricingQuery } from './catalogue-api';
import { PricingForm } from './pricing-form';

/** Spec §3 pricing rows and the estimate's settings (architecture: Estimate, Onsite). */
export function PricingSection() {
  const pricing = useQuery(adminPricingQuery);
  const painPoints = useQuery(adminPainPointsQuery);
  const failed = pricing.isError ? pricing : painPoints.isError ? painPoints : null;
  return (
    <AdminSection
      id="pricing"
      title="Pricing"
      description="What the instant estimate charges. Prices include GST."
    >
      {pricing.data && painPoints.data ? (
        // a new pain point brings a new row: the form starts again from the saved values
        <PricingForm
          key={painPoints.data.map((painPoint) => painPoint.id).join(' ')}
          pricing={pricing.data}
          painPoints={painPoints.data}
        />
      ) : (
        <SectionState
          status={failed ? 'error' : 'pending'}
          error={failed?.error}
          onRetry={() => {
            void pricing.refetch();
            void painPoints.refetch();
          }}
        />
      )}
    </AdminSection>
  );
}
