import { customerStepEventType, type CustomerStep } from '#shared/analytics/customer-steps.ts';
import { request } from './api-client';
import { getSessionId } from './session-id';

// The customer's steps for their lead's timeline (POST /api/activities, spec §7; issue 26 item
// 4). Each step with the same figures is sent once per session and page load: a screen shown
// again (a re-render, Back and Forward) adds nothing, a new total or another file does.

type StepData = Record<string, string | number | boolean | null>;

const sent = new Set<string>();

export function activityBody(action: CustomerStep, data?: StepData) {
  return {
    sessionId: getSessionId(),
    action,
    page: location.pathname,
    eventType: customerStepEventType,
    ...(data && { data }),
  };
}

/** Records the step unless this session sent it with these figures already. */
export function recordCustomerStep(action: CustomerStep, data?: StepData, once = true): void {
  const body = activityBody(action, data);
  const key = `${body.sessionId} ${action} ${JSON.stringify(data ?? null)}`;
  if (once && sent.has(key)) return;
  sent.add(key);
  // the timeline only loses a row: never in the customer's way (a failure is still reported)
  void request('/api/activities', { method: 'POST', body }).catch(() => {});
}
