import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import { isAustralianPhone, toE164 } from './phone';

export const contactMessages = {
  firstNameRequired: 'First name is required',
  firstNameMin: 'First name must be at least 2 characters',
  firstNameMax: 'First name cannot exceed 50 characters',
  lastNameRequired: 'Last name is required',
  lastNameMin: 'Last name must be at least 2 characters',
  lastNameMax: 'Last name cannot exceed 50 characters',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Please enter a valid Australian phone number',
  addressRequired: 'Property address is required',
  addressMin: 'Address must be at least 10 characters',
  addressMax: 'Address cannot exceed 200 characters',
  bookingOptionRequired: 'Please select a booking option',
} as const;

const m = contactMessages;

const name = (required: string, min: string, max: string) =>
  text({ error: required }).trim().min(1, required).min(2, min).max(50, max);

/** The Contact form of spec §5: the form's resolver and the server's routes both use it. */
export const contactFormSchema = z.object({
  firstName: name(m.firstNameRequired, m.firstNameMin, m.firstNameMax),
  lastName: name(m.lastNameRequired, m.lastNameMin, m.lastNameMax),
  email: text({ error: m.emailRequired })
    .trim()
    .min(1, m.emailRequired)
    .pipe(z.email(m.emailInvalid).max(254, m.emailInvalid)),
  phone: text({ error: m.phoneRequired })
    .trim()
    .min(1, m.phoneRequired)
    .refine(isAustralianPhone, m.phoneInvalid),
  address: text({ error: m.addressRequired })
    .trim()
    .min(1, m.addressRequired)
    .min(10, m.addressMin)
    .max(200, m.addressMax),
  bookingOption: text({ error: m.bookingOptionRequired }).trim().min(1, m.bookingOptionRequired),
});
export type ContactFormValues = z.input<typeof contactFormSchema>;

export const coordinatesSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

/** The structured address of the chosen suggestion. */
export const structuredAddressSchema = z.object({
  placeId: text().max(300).optional(),
  formattedAddress: text().max(300).optional(),
  suburb: text().max(100).nullish(),
  postcode: text().max(10).nullish(),
  state: text().max(50).nullish(),
  coordinates: coordinatesSchema.nullish(),
});
export type StructuredAddress = z.infer<typeof structuredAddressSchema>;

/** A hidden field people never see; bots fill it. */
export const honeypotField = 'website';

const sessionId = z.uuid('Invalid session id');

// POST /api/customers: upsert by e-mail.
export const customerInputSchema = contactFormSchema.omit({ bookingOption: true }).extend({
  phone: contactFormSchema.shape.phone.transform(toE164),
  email: contactFormSchema.shape.email.transform((email) => email.toLowerCase()),
  structuredAddress: structuredAddressSchema.optional(),
  sessionId: sessionId.optional(),
  [honeypotField]: text().max(500).optional(),
});
export type CustomerInput = z.input<typeof customerInputSchema>;

export const customerSchema = z.object({
  id: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  suburb: z.string().nullable(),
  postcode: z.string().nullable(),
  state: z.string().nullable(),
  placeId: z.string().nullable(),
  addressCoordinates: coordinatesSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;
export const customerResponseSchema = z.object({ customer: customerSchema });

// PATCH /api/sessions/:sessionId/link-customer: creates the session record when it is new.
export const sessionParamsSchema = z.object({ sessionId });
export const utmDataSchema = z.object({
  source: text().max(200).optional(),
  medium: text().max(200).optional(),
  campaign: text().max(200).optional(),
  content: text().max(200).optional(),
  term: text().max(200).optional(),
});
export type UtmData = z.infer<typeof utmDataSchema>;
export const linkCustomerInputSchema = z.object({
  customerId: z.uuid('Invalid customer id'),
  currentStep: text().max(50).optional(),
  utmData: utmDataSchema.optional(),
});
export const sessionSchema = z.object({
  sessionId: z.uuid(),
  customerId: z.uuid().nullable(),
  currentStep: z.string(),
  lastActivity: z.string(),
});
export const sessionResponseSchema = z.object({ session: sessionSchema });

// POST /api/leads: one lead per session; re-sending updates it, so a retried submission never duplicates.
export const leadInputSchema = z.object({
  sessionId,
  customerId: z.uuid('Invalid customer id'),
  bookingOption: contactFormSchema.shape.bookingOption,
  contactFormData: contactFormSchema.omit({ bookingOption: true }).extend({
    structuredAddress: structuredAddressSchema.optional(),
  }),
  utm: utmDataSchema.optional(),
  referrer: text().max(2000).optional(),
  landingPage: text().max(2000).optional(),
  [honeypotField]: text().max(500).optional(),
});
export type LeadInput = z.input<typeof leadInputSchema>;

export const leadSchema = z.object({
  id: z.uuid(),
  customerId: z.uuid().nullable(),
  sessionId: z.uuid().nullable(),
  source: z.string(),
  status: z.string(),
  stage: z.string(),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;
export const leadResponseSchema = z.object({ lead: leadSchema });
