import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { customerSteps } from '#shared/analytics/customer-steps.ts';
import { Link } from '#web/lib/router.tsx';
import { formatPriceIncGst } from '#shared/pricing/money.ts';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { StepProgress } from '#web/components/ui/step-progress.tsx';
import { useActivePromo } from '#web/lib/active-promo.ts';
import { errorCodes } from '#shared/api/error.ts';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { hasErrorCode } from '#web/lib/api-refusals.ts';
import { savedContact } from '#web/lib/booking-flow.ts';
import { consultationChosen } from '#web/lib/consultation.ts';
import { recordCustomerStep } from '#web/lib/customer-steps.ts';
import { painPointsQuery } from '#web/lib/pain-points.ts';
import { settingsQuery } from '#web/lib/queries.ts';
import { savedDetails } from '#web/lib/saved-details.ts';
import { getSessionId } from '#web/lib/session-id.ts';
import { useStepGuard } from '#web/lib/use-step-guard.ts';
import { paths } from '#web/paths.ts';
import { EstimateBreakdown } from './estimate-breakdown';
import { estimateQuery, fetchEstimate, promoRefusalOf, savePromoCode } from './estimate-request';
import { PromoCodeForm } from './promo-code-form';

const unexpected = 'We could not work out your estimate. Please try again.';

/** /estimate: the itemised estimate, a promo code, and the way on to booking. */
export default function EstimatePage() {
  useStepGuard(() => {
    if (!savedContact()) return paths.home;
    // a consultation is not priced here: its consultant measures (issue 15 item 1)
    if (consultationChosen()) return paths.booking;
    return savedDetails(getSessionId()) ? null : paths.measurement;
  });
  const [sessionId] = useState(getSessionId);
  const [details] = useState(() => savedDetails(sessionId));
  return (
    <div className="page">
      <PageHeading title="Your Estimate">Your Estimate</PageHeading>
      <p className="mt-2 text-muted">Worked out from your measurements and main concern</p>
      <StepProgress current={1} />
      {details && <EstimateView sessionId={sessionId} details={details} />}
    </div>
  );
}

function EstimateView({
  sessionId,
  details,
}: {
  sessionId: string;
  details: NonNullable<ReturnType<typeof savedDetails>>;
}) {
  const queryClient = useQueryClient();
  // the session's promo code: applied here, or by the promo banner (even while this page is open)
  const remembered = useActivePromo(sessionId);
  // promo codes switched off (issue 26 item 12): no field, and no remembered code sent to be refused
  const { data: settings } = useQuery(settingsQuery);
  const promoCodesOn = settings?.toggles.promo_codes_enabled !== false;
  const applied = promoCodesOn ? remembered : null;
  // asked once the toggle is known (the first screen has usually loaded it already)
  const estimate = useQuery({
    ...estimateQuery(sessionId, details, applied),
    enabled: settings !== undefined,
  });
  const { data: painPoints } = useQuery(painPointsQuery);
  const concern = painPoints?.find((p) => p.id === details.painPoint)?.name;
  // the lead's timeline: the total the customer saw (again only when it changes, e.g. a promo)
  const seenTotal = estimate.data?.response.estimate.totalCents;
  useEffect(() => {
    if (seenTotal !== undefined) {
      recordCustomerStep(customerSteps.estimateSeen, { totalCents: seenTotal });
    }
  }, [seenTotal]);

  const apply = async (code: string) => {
    try {
      const response = await fetchEstimate(sessionId, details, code);
      queryClient.setQueryData(estimateQuery(sessionId, details, code).queryKey, {
        response,
        promoRefusal: null,
      });
      savePromoCode(sessionId, code);
      return null;
    } catch (error) {
      return promoRefusalOf(error) ?? (error instanceof Error ? error.message : unexpected);
    }
  };
  const removeCode = () => {
    savePromoCode(sessionId, null);
  };

  if (estimate.isPending) {
    return (
      <p role="status" className="card text-muted">
        Calculating your estimate...
      </p>
    );
  }
  if (estimate.isError) {
    const noLead = hasErrorCode(estimate.error, errorCodes.noLead);
    return (
      <div role="alert" className="card space-y-3">
        <p className="font-semibold text-danger">
          {estimate.error instanceof ApiRequestError ? estimate.error.message : unexpected}
        </p>
        {noLead ? (
          <Link to={paths.contact} className="link">
            Go to your contact details
          </Link>
        ) : (
          <button type="button" className="btn-quiet" onClick={() => void estimate.refetch()}>
            Retry
          </button>
        )}
      </div>
    );
  }

  const { response, promoRefusal } = estimate.data;
  const { totalCents } = response.estimate;
  return (
    <section aria-labelledby="estimate-title" className="card space-y-5">
      <div>
        <h2 id="estimate-title" className="text-lg font-bold">
          Estimated price
        </h2>
        <p className="mt-1 text-3xl font-bold tracking-tight">{formatPriceIncGst(totalCents)}</p>
        <p className="mt-1 text-muted">
          For {details.glassCount} {details.glassCount === 1 ? 'pane' : 'panes'}
          {concern && `, ${concern}`}
        </p>
      </div>
      <p className="rounded-xl border border-line p-3">
        This is an estimate. Your consultant measures your windows precisely and confirms the price
        before any work starts.
      </p>
      <EstimateBreakdown estimate={response.estimate} concern={concern} />
      {promoCodesOn && (
        <PromoCodeForm
          applied={applied && !promoRefusal ? applied : null}
          onApply={apply}
          onRemove={removeCode}
          refusal={promoRefusal}
        />
      )}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
        <Link to={paths.files} className="btn-quiet">
          Back
        </Link>
        <Link to={paths.booking} className="btn-primary">
          Continue to Booking
        </Link>
      </div>
    </section>
  );
}
