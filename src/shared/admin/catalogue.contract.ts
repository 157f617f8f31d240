import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import { adminMessages } from './admin-fields';

// Admin writes of pain points and booking options (spec §3, §7 catalogue data).
export const catalogueMessages = {
  id: 'Id must be 2 to 50 lowercase letters, digits or dashes, like uv-privacy',
  name: 'Name must be 2 to 80 characters',
  label: 'Label must be 2 to 80 characters',
  description: 'Description must be at most 300 characters',
  active: 'Choose active or inactive',
  sortOrder: 'Order must be a whole number between 0 and 1000',
  duration: adminMessages.duration,
  durationMax: 'Duration must be at most 480 minutes',
  painPointExists: 'A pain point with this id already exists',
  bookingOptionExists: 'A booking option with this id already exists',
  painPointNotFound: 'Pain point not found.',
  bookingOptionNotFound: 'Booking option not found.',
  lastActivePainPoint: 'At least one pain point must stay active.',
  lastActiveBookingOption: 'At least one booking option must stay active.',
  painPointDeactivated:
    'This pain point is used by leads or pricing, so it was deactivated instead of deleted.',
  bookingOptionDeactivated:
    'This booking option is used by leads, so it was deactivated instead of deleted.',
  deleted: 'Deleted.',
} as const;
const m = catalogueMessages;

const catalogueId = z
  .string({ error: m.id })
  .trim()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, m.id)
  .min(2, m.id)
  .max(50, m.id);
const description = text({ error: m.description }).trim().max(300, m.description);
const active = z.boolean({ error: m.active });
const sortOrder = z
  .number({ error: m.sortOrder })
  .int(m.sortOrder)
  .min(0, m.sortOrder)
  .max(1000, m.sortOrder);

export const catalogueIdParamsSchema = z.object({ id: text().max(100) });

const painPointFields = z.object({
  name: text({ error: m.name }).trim().min(2, m.name).max(80, m.name),
  description,
  active,
  sortOrder,
});
export const createPainPointSchema = painPointFields.extend({
  id: catalogueId,
  description: description.default(''),
  active: active.default(true),
  sortOrder: sortOrder.optional(),
});
export const updatePainPointSchema = painPointFields.partial();
export type CreatePainPoint = z.infer<typeof createPainPointSchema>;
export type UpdatePainPoint = z.infer<typeof updatePainPointSchema>;

const bookingOptionFields = z.object({
  label: text({ error: m.label }).trim().min(2, m.label).max(80, m.label),
  description,
  // Spec §9: minimum booking duration 30 minutes
  duration: z
    .number({ error: m.duration })
    .int(m.duration)
    .min(30, m.duration)
    .max(480, m.durationMax),
  active,
  sortOrder,
});
export const createBookingOptionSchema = bookingOptionFields.extend({
  id: catalogueId,
  description: description.default(''),
  duration: bookingOptionFields.shape.duration.default(30),
  active: active.default(true),
  sortOrder: sortOrder.optional(),
});
export const updateBookingOptionSchema = bookingOptionFields.partial();
export type CreateBookingOption = z.infer<typeof createBookingOptionSchema>;
export type UpdateBookingOption = z.infer<typeof updateBookingOptionSchema>;

export const adminPainPointSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  active: z.boolean(),
  sortOrder: z.number(),
});
export const adminBookingOptionSchema = z.object({
  id: z.string(),
  label: z.string(),
  description: z.string(),
  duration: z.number(),
  active: z.boolean(),
  sortOrder: z.number(),
});
export type AdminPainPoint = z.infer<typeof adminPainPointSchema>;
export type AdminBookingOption = z.infer<typeof adminBookingOptionSchema>;

export const adminPainPointsResponseSchema = z.object({
  painPoints: z.array(adminPainPointSchema),
});
export const adminBookingOptionsResponseSchema = z.object({
  bookingOptions: z.array(adminBookingOptionSchema),
});
export const painPointResponseSchema = z.object({
  success: z.literal(true),
  painPoint: adminPainPointSchema,
});
export const bookingOptionResponseSchema = z.object({
  success: z.literal(true),
  bookingOption: adminBookingOptionSchema,
});
/** DELETE: gone, or kept inactive because something refers to it. */
export const catalogueDeleteResponseSchema = z.object({
  success: z.literal(true),
  deleted: z.boolean(),
  deactivated: z.boolean(),
  message: z.string(),
});
