import type { FieldErrors, FieldPath } from 'react-hook-form';
import { useNavigate } from '#web/lib/router.tsx';
import { type SummaryItem } from '#web/components/ui/error-summary.tsx';
import { useErrorSummary } from '#web/components/ui/use-error-summary.ts';
import { errorCodes } from '#shared/api/error.ts';
import { ApiRequestError, request } from '#web/lib/api-client.ts';
import { hasErrorCode, isServerUnreachable } from '#web/lib/api-refusals.ts';
import { contactStillSending } from '#web/lib/booking-flow.ts';
import { customerSteps } from '#shared/analytics/customer-steps.ts';
import { recordCustomerStep } from '#web/lib/customer-steps.ts';
import { queueRequest } from '#web/lib/request-outbox.ts';
import { rememberDetails } from '#web/lib/saved-details.ts';
import { getSessionId, newUuid } from '#web/lib/session-id.ts';
import { paths } from '#web/paths.ts';
import type { DetailsValues, DetailsPayload } from './details-values';
import type { DetailsForm } from './use-details-form';

const unexpected = 'Something went wrong while saving your details. Please try again.';

export const painPointInputId = (id: string) => `painPoint-${id}`;
export const rowInputId = (index: number, part: 'length' | 'width' | 'sqm') =>
  `measurements-${index}-${part}`;
export const addPaneId = 'add-pane';
export const painPointGroupId = 'painPoint-group';

/** Every message in the order of the form, each linked to the input it belongs to. */
export function summaryItems(
  errors: FieldErrors<DetailsValues>,
  values: DetailsValues,
  painPointIds: string[],
): SummaryItem[] {
  const items: SummaryItem[] = [];
  const painPointTarget = painPointIds.includes(values.painPoint)
    ? values.painPoint
    : painPointIds[0];
  if (errors.painPoint?.message) {
    // no options (the list did not load): the group itself, where its Retry is
    // (the list may arrive while the summary is shown: the entry stays, its link moves)
    const inputId = painPointTarget ? painPointInputId(painPointTarget) : painPointGroupId;
    items.push({ inputId, message: errors.painPoint.message, field: 'painPoint' });
  }
  if (errors.glassCount?.message) {
    items.push({ inputId: 'glassCount', message: errors.glassCount.message });
  }
  const listMessage = errors.measurements?.message ?? errors.measurements?.root?.message;
  if (listMessage) items.push({ inputId: addPaneId, message: listMessage });
  values.measurements.forEach((_, index) => {
    const row = errors.measurements?.[index];
    for (const part of ['length', 'width', 'sqm'] as const) {
      const message = row?.[part]?.message;
      if (message)
        items.push({ inputId: rowInputId(index, part), message: `Pane ${index + 1}: ${message}` });
    }
  });
  if (errors.jobDescription?.message) {
    items.push({ inputId: 'jobDescription', message: errors.jobDescription.message });
  }
  return items;
}

const formFields = ['glassCount', 'painPoint', 'jobDescription'] as const;

/** A server field path ("measurements.0.length", "body.glassCount") → a form field, if any. */
function fieldFor(path: string): FieldPath<DetailsValues> | null {
  const parts = path.split('.').filter((part) => part !== 'body');
  const [first, index, part] = parts;
  if (first === 'measurements') {
    if (index === undefined) return 'measurements';
    if (/^\d+$/.test(index) && (part === 'length' || part === 'width' || part === 'sqm')) {
      return `measurements.${Number(index)}.${part}`;
    }
    return null;
  }
  return formFields.find((field) => field === first) ?? null;
}

export function useDetailsSubmit(form: DetailsForm, painPointIds: string[]) {
  const navigate = useNavigate();
  /** noLead: the session has no lead, the way back to Contact is offered. */
  const errorSummary = useErrorSummary<{ noLead: boolean }>();
  const { show } = errorSummary;

  const onValid = async (payload: DetailsPayload) => {
    const sessionId = getSessionId();
    const path = `/api/sessions/${encodeURIComponent(sessionId)}/details`;
    try {
      await request(path, { method: 'PUT', body: payload });
    } catch (error) {
      // Spec §8: the server is away (or its contact details have not reached it yet): the
      // details wait in this browser and are sent when it is back; the person goes on.
      const contactWaiting = hasErrorCode(error, errorCodes.noLead) && contactStillSending();
      if (isServerUnreachable(error) || contactWaiting) {
        console.warn('TintBook: the details will be sent when the server is back', error);
        queueRequest({ id: newUuid(), sessionId, method: 'PUT', path, body: payload });
        rememberDetails(sessionId, payload);
        errorSummary.clear();
        void navigate(paths.files);
        return;
      }
      if (hasErrorCode(error, errorCodes.noLead)) {
        // the lead is made on Contact: without one there is nothing to add the details to
        show({ title: error.message, items: [], noLead: true });
      } else if (error instanceof ApiRequestError) {
        for (const [path, message] of Object.entries(error.fields)) {
          const field = fieldFor(path);
          if (field) form.setError(field, { type: 'server', message });
        }
        show({
          title: error.message,
          items: summaryItems(form.formState.errors, form.getValues(), painPointIds),
        });
      } else {
        console.error('TintBook: saving the details failed', error);
        show({ title: unexpected, items: [] });
      }
      return;
    }
    rememberDetails(sessionId, payload);
    recordCustomerStep(customerSteps.detailsGiven, {
      glassCount: payload.glassCount,
      painPoint: payload.painPoint,
    });
    errorSummary.clear();
    void navigate(paths.files);
  };

  const submit = form.handleSubmit(onValid, (errors) =>
    errorSummary.showCheck(summaryItems(errors, form.getValues(), painPointIds)),
  );
  return {
    submit,
    summary: errorSummary.summary,
    // a field fixed since the submit leaves the summary as the person fixes it (issue 15 item 5)
    summaryProps: errorSummary.liveProps(
      summaryItems(form.formState.errors, form.getValues(), painPointIds),
    ),
    submitting: form.formState.isSubmitting,
  };
}
