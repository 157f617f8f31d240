import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import {
  servicesSchema,
  territorySchema,
  timeOffSchema,
  weeklyHoursSchema,
} from '#shared/booking/consultant.ts';
import { isAustralianMobile, toE164 } from '#shared/contact/phone.ts';
import { calendarSummarySchema } from './consultant-calendar.contract';

// The admin API of consultants (issue 28, ADR 052): who takes consultations, when and where.
export const consultantAdminMessages = {
  name: 'Enter a name of 1 to 100 characters.',
  email: 'Enter a valid e-mail address.',
  mobile: 'Enter an Australian mobile number, e.g. 0412 345 678.',
  placeId: 'Choose the base address from the suggestions.',
  baseNotFound: 'That address could not be found: choose it again from the suggestions.',
  staffUser: 'Choose one of the staff accounts.',
  notFound: 'Consultant not found.',
  hasFutureBookings: (count: number, list: string) =>
    `This consultant still has ${count} future booking${count === 1 ? '' : 's'} (${list}). Move ${count === 1 ? 'it' : 'them'} to another consultant first.`,
} as const;
const m = consultantAdminMessages;

const optionalText = <T extends z.ZodType<string | null>>(schema: T) =>
  z.preprocess((value) => (value === '' ? null : value), schema.nullable()).optional();

const consultantFields = z.object({
  name: text({ error: m.name }).trim().min(1, m.name).max(100, m.name),
  email: optionalText(text({ error: m.email }).trim().max(254, m.email).pipe(z.email(m.email))),
  mobile: optionalText(
    text({ error: m.mobile }).trim().refine(isAustralianMobile, m.mobile).transform(toE164),
  ),
  staffUserId: z.uuid(m.staffUser).nullable().optional(),
  active: z.boolean().default(true),
  services: servicesSchema.default(['phone', 'onsite']),
  weeklyHours: weeklyHoursSchema,
  timeOff: timeOffSchema.default([]),
  /** A chosen address suggestion; null or absent: the business base. */
  base: z
    .object({ placeId: text({ error: m.placeId }).min(1, m.placeId).max(1000) })
    .nullable()
    .optional(),
  territory: territorySchema.nullable().optional(),
});

export const createConsultantSchema = consultantFields;
export type CreateConsultant = z.output<typeof createConsultantSchema>;

/** Only the fields sent change (no defaults filled in). */
export const updateConsultantSchema = z
  .object({
    ...consultantFields.shape,
    active: z.boolean().optional(),
    services: servicesSchema.optional(),
    weeklyHours: weeklyHoursSchema.optional(),
    timeOff: timeOffSchema.optional(),
  })
  .partial();
export type UpdateConsultant = z.output<typeof updateConsultantSchema>;

export const consultantIdParamsSchema = z.object({
  id: z.string().min(1).max(100),
});

export const consultantBaseSchema = z.object({
  /** Null when it is the business base. */
  placeId: z.string().nullable(),
  address: z.string(),
  lat: z.number(),
  lng: z.number(),
  isBusinessBase: z.boolean(),
});

export const consultantSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  staffUserId: z.string().nullable(),
  active: z.boolean(),
  services: z.array(z.enum(['phone', 'onsite'])),
  weeklyHours: weeklyHoursSchema,
  timeOff: timeOffSchema,
  base: consultantBaseSchema,
  territory: territorySchema.nullable(),
  /** Their own calendar (issue 29): never the password. */
  calendar: calendarSummarySchema,
});
export type Consultant = z.infer<typeof consultantSchema>;

export const consultantListSchema = z.object({ consultants: z.array(consultantSchema) });
export const consultantResponseSchema = z.object({ consultant: consultantSchema });

/** How the form asks where a consultant goes onsite. */
export const territoryKinds = ['anywhere', 'postcodes', 'radius'] as const;

/**
 * The admin form (strings as typed, one checkbox per service, the territory as a choice with its
 * postcodes or radius), checked with the API's messages and turned into the API's body.
 */
export const consultantFormSchema = z
  .object({
    name: consultantFields.shape.name,
    email: text({ error: m.email })
      .trim()
      .max(254, m.email)
      .refine((v) => v === '' || z.email().safeParse(v).success, m.email),
    mobile: text({ error: m.mobile })
      .trim()
      .refine((v) => v === '' || isAustralianMobile(v), m.mobile),
    active: z.boolean(),
    services: servicesSchema,
    weeklyHours: weeklyHoursSchema,
    timeOff: timeOffSchema,
    base: z
      .object({ placeId: z.string(), address: z.string(), lat: z.number(), lng: z.number() })
      .nullable(),
    territoryKind: z.enum(territoryKinds),
    postcodes: z.string(),
    radiusKm: z.number().or(z.nan()),
  })
  .superRefine((form, ctx) => {
    const territory = formTerritory(form);
    if (territory === null) return;
    const checked = territorySchema.safeParse(territory);
    if (!checked.success) {
      const path = form.territoryKind === 'postcodes' ? 'postcodes' : 'radiusKm';
      ctx.addIssue({ code: 'custom', path: [path], message: checked.error.issues[0]!.message });
    }
  })
  .transform((form): CreateConsultant => ({
    name: form.name,
    email: form.email || null,
    mobile: form.mobile ? toE164(form.mobile) : null,
    active: form.active,
    services: form.services,
    weeklyHours: form.weeklyHours,
    timeOff: form.timeOff,
    base: form.base ? { placeId: form.base.placeId } : null,
    territory: formTerritory(form) as CreateConsultant['territory'],
  }));
export type ConsultantForm = z.input<typeof consultantFormSchema>;

function formTerritory(form: { territoryKind: string; postcodes: string; radiusKm: number }) {
  if (form.territoryKind === 'postcodes') {
    return { postcodes: form.postcodes.split(/[\s,]+/).filter(Boolean) };
  }
  if (form.territoryKind === 'radius') return { radiusKm: form.radiusKm };
  return null;
}
