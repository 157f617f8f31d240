import { businessConfirmedKey } from './setup-checklist';
import type { SettingValues } from './settings-registry';

// The business's name and contact details as customers may see them: the seeded placeholders are
// not facts, so until an admin confirms the business details (Settings, the first-run
// checklist) nobody is shown them and messages use neutral wording. Read by the public settings
// route, the messages and the demo.

export const businessDetailKeys = [
  'business_name',
  'contact_email',
  'contact_phone',
  businessConfirmedKey,
] as const;

export type BusinessDetailValues = SettingValues<(typeof businessDetailKeys)[number]>;

export function businessDetails(values: BusinessDetailValues) {
  return values[businessConfirmedKey] === true
    ? { name: values.business_name, email: values.contact_email, phone: values.contact_phone }
    : { name: '', email: '', phone: '' };
}
