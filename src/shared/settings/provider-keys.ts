// The settings each outside service is reached with, one key per field: the integration forms
// read and save them, the message jobs send with them.

export const smtpKeys = [
  'smtp_host',
  'smtp_port',
  'smtp_secure',
  'smtp_user',
  'smtp_password',
  'smtp_from',
] as const;

export const twilioKeys = [
  'twilio_account_sid',
  'twilio_from_number',
  'twilio_auth_token',
] as const;

export const trakKeys = ['trak_base_url', 'trak_api_key', 'trak_enabled'] as const;

export const webhookKeys = ['form_webhook_url', 'form_webhook_secret'] as const;

export const ga4Keys = ['ga4_measurement_id', 'ga4_api_secret'] as const;
