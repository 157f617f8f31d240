import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import { customerSchema } from '#shared/contact/contact.contract.ts';
import { actorSchema } from './lead-detail.contract';
import { leadsMessages as m } from './leads.contract';

// Customer records for staff: the lookup of spec §7 and the privacy requests (APP 12, 13).

// GET /api/customers?email= (spec §7; staff only): the records with that e-mail, oldest first.
export const customerLookupQuerySchema = z.object({
  email: text({ error: m.emailRequired }).trim().min(1, m.emailRequired).max(254),
});
export const customerLookupResponseSchema = z.object({
  /** The first record (the spec's client uses a list's first item), null when none. */
  customer: customerSchema.nullable(),
  customers: z.array(customerSchema),
});

// A customer record by id (the privacy routes).
export const customerParamsSchema = z.object({ id: z.uuid(m.customerNotFound) });

// POST /api/customers/:id/merge (staff): one person's other customer records are merged into
// the record :id, chosen by staff. Their leads, bookings, sessions and activities (so files,
// notes and attribution) move to it in one transaction; the other records are then removed.
export const mergeCustomersSchema = z.object({
  customerIds: z
    .array(z.uuid(m.customerNotFound))
    .min(1, m.mergeSelf)
    .max(20, 'Merge at most 20 records at once.'),
});
export type MergeCustomers = z.input<typeof mergeCustomersSchema>;
export const mergeCustomersResponseSchema = z.object({
  customer: customerSchema,
  /** What now belongs to the kept record that belonged to the others. */
  moved: z.object({
    customers: z.number().int(),
    leads: z.number().int(),
    bookings: z.number().int(),
    files: z.number().int(),
    notes: z.number().int(),
  }),
});
export type MergeCustomersResponse = z.infer<typeof mergeCustomersResponseSchema>;

// Privacy (APP 12 and 13), admin only. A person is a customer record and every other record
// with the same e-mail.
// GET /api/admin/privacy/customers/:id/export.zip — person.json plus files/…
// POST /api/admin/privacy/customers/:id/erase
export const privacyEraseResponseSchema = z.object({
  erased: z.object({
    customers: z.number().int(),
    leads: z.number().int(),
    bookings: z.number().int(),
    files: z.number().int(),
  }),
  at: z.string(),
  by: actorSchema,
});
export type PrivacyEraseResponse = z.infer<typeof privacyEraseResponseSchema>;
