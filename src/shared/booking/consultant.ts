import { z } from 'zod';
import type { LatLng } from '#shared/pricing/travel.ts';
import { minutesOfDay } from './booking-rules';

// A consultant: who takes consultations, when, where from and how far (issue 28,
// ARCHITECTURE.md "Consultants"). Hours are Melbourne wall time, dates inclusive.

export const weekdayKeys = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] as const;
export type WeekdayKey = (typeof weekdayKeys)[number];

export const consultantMessages = {
  time: 'Enter a time as HH:MM, e.g. 08:00.',
  range: 'Each range must end after it starts, and ranges of one day must not overlap.',
  date: 'Enter a date as YYYY-MM-DD.',
  timeOff: 'Time off must end on or after the day it starts.',
  services: 'Choose at least one service: phone or onsite.',
  postcode: 'Enter Victorian postcodes of four digits (3000–3999 or 8000–8999).',
  radius: 'Enter a radius between 1 and 500 km.',
} as const;
const m = consultantMessages;

const wallTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, m.time);

export const hoursRangeSchema = z
  .object({ start: wallTime, end: wallTime })
  .refine((r) => minutesOfDay(r.end) > minutesOfDay(r.start), m.range);
export type HoursRange = z.infer<typeof hoursRangeSchema>;

const dayHoursSchema = z
  .array(hoursRangeSchema)
  .max(8)
  .refine(
    (ranges) =>
      [...ranges]
        .sort((a, b) => minutesOfDay(a.start) - minutesOfDay(b.start))
        .every(
          (r, i, sorted) => i === 0 || minutesOfDay(r.start) >= minutesOfDay(sorted[i - 1]!.end),
        ),
    m.range,
  );

export const weeklyHoursSchema = z.object(
  Object.fromEntries(weekdayKeys.map((day) => [day, dayHoursSchema.default([])])) as Record<
    WeekdayKey,
    z.ZodDefault<typeof dayHoursSchema>
  >,
);
export type WeeklyHours = z.infer<typeof weeklyHoursSchema>;

export const timeOffSchema = z
  .array(
    z
      .object({ from: z.iso.date(m.date), to: z.iso.date(m.date) })
      .refine((r) => r.to >= r.from, m.timeOff),
  )
  .max(100);
export type TimeOff = z.infer<typeof timeOffSchema>;

export const serviceTypes = ['phone', 'onsite'] as const;
export type ConsultantService = (typeof serviceTypes)[number];
export const servicesSchema = z.array(z.enum(serviceTypes)).min(1, m.services).max(2);

export const territorySchema = z.union([
  z.object({
    postcodes: z
      .array(z.string().regex(/^[38]\d{3}$/, m.postcode))
      .min(1, m.postcode)
      .max(500, m.postcode),
  }),
  z.object({ radiusKm: z.number().min(1, m.radius).max(500, m.radius) }),
]);
export type Territory = z.infer<typeof territorySchema>;

/** What scheduling needs of a consultant. */
export interface SchedulingConsultant {
  id: string;
  name?: string;
  active: boolean;
  services: readonly ConsultantService[];
  weeklyHours: WeeklyHours;
  timeOff: TimeOff;
  /** Where their day starts and ends (default: the business base). */
  base: LatLng;
  /** Onsite visits only inside it; none: anywhere. */
  territory: Territory | null;
}

/** A customer's place for an onsite visit (coordinates the server resolved from the place id). */
export interface VisitPlace extends LatLng {
  postcode: string | null;
}
