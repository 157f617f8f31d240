// Test helper: the checks of GA4's Measurement Protocol validation server (/debug/mp/collect),
// from Google's documented limits, reserved names and user-provided-data rules.

export interface ValidationMessage {
  fieldPath: string;
  description: string;
  validationCode:
    | 'VALUE_INVALID'
    | 'VALUE_REQUIRED'
    | 'NAME_INVALID'
    | 'NAME_RESERVED'
    | 'VALUE_OUT_OF_BOUNDS'
    | 'EXCEEDED_MAX_ENTITIES';
}

export interface Ga4Hit {
  client_id: string;
  user_id?: string;
  timestamp_micros?: number;
  user_data?: { sha256_email_address?: string[]; sha256_phone_number?: string[] };
  consent?: Record<string, string>;
  events: { name: string; params?: Record<string, unknown> }[];
}

// the web and app reserved names of Google's documentation
const reservedEvents = new Set(
  'ad_activeview ad_click ad_exposure ad_impression ad_query ad_reward adunit_exposure app_background app_clear_data app_exception app_remove app_store_refund app_store_subscription_cancel app_store_subscription_convert app_store_subscription_renew app_update app_upgrade dynamic_link_app_open dynamic_link_app_update dynamic_link_first_open error first_open first_visit in_app_purchase notification_dismiss notification_foreground notification_open notification_receive os_update session_start session_start_with_rollout user_engagement'.split(
    ' ',
  ),
);
const reservedParams = new Set(['firebase_conversion']);
const reservedPrefix = /^(_|google_|ga_|firebase_)/;
const validName = /^[A-Za-z][A-Za-z0-9_]*$/;
const sha256Hex = /^[0-9a-f]{64}$/;
const clearEmail = /[^\s@]+@[^\s@]+\.[a-z]{2,}/i;
const clearPhone = /^\+?[\d\s()-]{8,}$/;

export function validateGa4Body(text: string): ValidationMessage[] {
  const messages: ValidationMessage[] = [];
  const problem = (
    fieldPath: string,
    validationCode: ValidationMessage['validationCode'],
    description: string,
  ) => messages.push({ fieldPath, validationCode, description });
  if (Buffer.byteLength(text) > 130_000) problem('', 'VALUE_OUT_OF_BOUNDS', 'Body over 130 kB.');
  let body: Partial<Ga4Hit>;
  try {
    body = JSON.parse(text) as Partial<Ga4Hit>;
  } catch {
    return [{ fieldPath: '', validationCode: 'VALUE_INVALID', description: 'Body is not JSON.' }];
  }
  if (typeof body.client_id !== 'string' || !body.client_id) {
    problem('client_id', 'VALUE_REQUIRED', 'Measurement requires a client_id.');
  }
  if (
    body.user_id !== undefined &&
    (typeof body.user_id !== 'string' || body.user_id.length > 256)
  ) {
    problem('user_id', 'VALUE_INVALID', 'user_id must be a string of at most 256 characters.');
  }
  if (body.timestamp_micros !== undefined && !Number.isInteger(body.timestamp_micros)) {
    problem('timestamp_micros', 'VALUE_INVALID', 'timestamp_micros must be a whole number.');
  }
  for (const field of ['sha256_email_address', 'sha256_phone_number'] as const) {
    const hashes: unknown = body.user_data?.[field];
    if (hashes === undefined) continue;
    if (
      !Array.isArray(hashes) ||
      !hashes.every((hash) => typeof hash === 'string' && sha256Hex.test(hash))
    ) {
      problem(
        `user_data.${field}`,
        'VALUE_INVALID',
        `${field} must be SHA-256 hashes in lowercase hex.`,
      );
    }
  }
  const events = body.events;
  if (!Array.isArray(events) || events.length === 0) {
    problem('events', 'VALUE_REQUIRED', 'Measurement requires at least one event.');
    return messages;
  }
  if (events.length > 25)
    problem('events', 'EXCEEDED_MAX_ENTITIES', 'At most 25 events per request.');
  events.forEach((event, index) => {
    const name = String(event?.name ?? '');
    if (!validName.test(name) || name.length > 40) {
      problem(
        'events',
        'NAME_INVALID',
        `Event at index: [${index}] has invalid name [${name}]. Names must start with an alphabetic character, use letters, digits and underscores, at most 40 characters.`,
      );
    } else if (reservedEvents.has(name) || reservedPrefix.test(name)) {
      problem('events', 'NAME_RESERVED', `Event at index: [${index}] has reserved name [${name}].`);
    }
    const params = Object.entries(event?.params ?? {});
    if (params.length > 25) {
      problem(
        `events[${index}].params`,
        'EXCEEDED_MAX_ENTITIES',
        'At most 25 parameters per event.',
      );
    }
    for (const [key, value] of params) {
      const path = `events[${index}].params.${key}`;
      if (!validName.test(key) || key.length > 40)
        problem(path, 'NAME_INVALID', `Invalid parameter name [${key}].`);
      else if (reservedParams.has(key) || reservedPrefix.test(key))
        problem(path, 'NAME_RESERVED', `Reserved parameter name [${key}].`);
      if (typeof value === 'string' && value.length > 100)
        problem(path, 'VALUE_OUT_OF_BOUNDS', 'String parameters hold at most 100 characters.');
      if (!['string', 'number', 'boolean'].includes(typeof value) && key !== 'items')
        problem(path, 'VALUE_INVALID', 'Parameters are strings, numbers or booleans.');
    }
    if (event?.params && 'value' in event.params && !('currency' in event.params)) {
      problem(`events[${index}].params.currency`, 'VALUE_REQUIRED', 'A value needs its currency.');
    }
  });
  for (const [path, value] of strings(body, '')) {
    if (path === 'client_id') continue;
    if (clearEmail.test(value) || clearPhone.test(value)) {
      problem(
        path,
        'VALUE_INVALID',
        'Looks like a clear e-mail address or phone number: send it hashed in user_data.',
      );
    }
  }
  return messages;
}

function* strings(value: unknown, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value))
      yield* strings(inner, path ? `${path}.${key}` : key);
  }
}
