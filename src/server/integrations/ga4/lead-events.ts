// GA4's recommended lead events, so the ad platforms linked to GA4 learn which clicks became
// jobs: generate_lead (form), working_lead (staff first act), qualify_lead (booked),
// close_convert_lead (won), close_unconvert_lead (lost).

export type LeadEventName =
  'generate_lead' | 'working_lead' | 'qualify_lead' | 'close_convert_lead' | 'close_unconvert_lead';

export type Ga4ParamValue = string | number | boolean;

export interface Ga4Event {
  name: string;
  params: Record<string, Ga4ParamValue>;
}

export interface LeadEventDetails {
  leadSource?: string | undefined;
  /** The estimate, in dollars. */
  value?: number | undefined;
  currency: 'AUD';
  /** Why a lost lead was lost: sent with close_unconvert_lead only. */
  lostReason?: string | undefined;
}

/** GA4 drops string parameters longer than this. */
const maxParamLength = 100;

export function leadEvent(
  name: LeadEventName,
  { leadSource, value, currency, lostReason }: LeadEventDetails,
): Ga4Event {
  const params: Ga4Event['params'] = { currency };
  if (value !== undefined) params.value = Math.round(value * 100) / 100;
  if (leadSource) params.lead_source = leadSource.slice(0, maxParamLength);
  if (lostReason && name === 'close_unconvert_lead') {
    params.unconvert_lead_reason = lostReason.slice(0, maxParamLength);
  }
  return { name, params };
}
