import { z } from 'zod';

// The first-run checklist of /settings (issue 15 item 15). A fresh install starts with neutral
// placeholder business details, a base address in central Melbourne (every travel charge is
// measured from it) and the default prices; each stays "not confirmed" until an admin says it is
// right. Until the business details are confirmed, customers see none of them.

/** The setting key of each item (category 'setup', a boolean; absent means not confirmed). */
export const setupItems = [
  {
    key: 'setup_business_confirmed',
    title: 'Business details',
    why: 'Your business name, e-mail and phone. Customers see them in the header and the help dialog only once you confirm them.',
    section: 'business',
  },
  {
    key: 'setup_base_address_confirmed',
    title: 'Base address',
    why: 'Every travel charge is measured from it. A new install starts in central Melbourne.',
    section: 'business',
  },
  {
    key: 'setup_prices_confirmed',
    title: 'Prices',
    why: 'The price per m² of each concern, the travel rate and the pane thresholds that estimates use.',
    section: 'pricing',
  },
] as const;

export type SetupKey = (typeof setupItems)[number]['key'];
export const setupCategory = 'setup';
export const businessConfirmedKey = 'setup_business_confirmed' satisfies SetupKey;

/** The checklist's last item: it is done by sending, not by a confirmation. */
export const emailSetupItem = {
  title: 'E-mail sending',
  why: 'Until a mail server is set up, customers receive no confirmations or reminders. Set one up, then send yourself the test e-mail.',
  section: 'email',
} as const;

/** GET /api/setup: where the first run stands, for every staff screen's checklist. */
export const setupStatusSchema = z.object({
  confirmed: z.object(
    Object.fromEntries(setupItems.map((item) => [item.key, z.boolean()])) as Record<
      SetupKey,
      z.ZodBoolean
    >,
  ),
  email: z.object({
    /** SMTP_URL or a saved mail server: customer e-mails are really sent. */
    configured: z.boolean(),
    /** A test e-mail went out through a mail server (not only to the log). */
    testSent: z.boolean(),
  }),
  /** Where staff notices go now: the business e-mail once confirmed, else the first admin's. */
  staffNoticesTo: z.string().nullable(),
});
export type SetupStatus = z.infer<typeof setupStatusSchema>;

/** Every item done: the checklist leaves the screens. */
export function setupComplete(status: SetupStatus) {
  return (
    setupItems.every((item) => status.confirmed[item.key]) &&
    status.email.configured &&
    status.email.testSent
  );
}
