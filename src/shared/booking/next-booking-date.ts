import { bookingRulesSchema, defaultBookingRules } from './booking-rules';
import { addDays, dateIn, toInstant } from './calendar';
import { generateSlots, type SlotsInput } from './slots';

function tomorrow(input: SlotsInput): string {
  const parsed = bookingRulesSchema.safeParse(input.rules ?? {});
  const timeZone = parsed.success ? parsed.data.timezone : defaultBookingRules.timezone;
  return addDays(dateIn(new Date(toInstant(input.now, 'now')), timeZone), 1);
}

/**
 * The first date of the horizon with a free slot; tomorrow (spec §9) when there is none or the
 * inputs cannot be read (unknown time zone, unreadable booking times).
 */
export function nextBookingDate(input: SlotsInput): string {
  try {
    const rules = bookingRulesSchema.parse(input.rules ?? {});
    const today = dateIn(new Date(toInstant(input.now, 'now')), rules.timezone);
    const days = generateSlots({ ...input, from: today, to: addDays(today, rules.horizonDays) });
    const first = days.find((d) => d.slots.some((slot) => slot.available));
    if (first) return first.date;
  } catch {
    // fall back to tomorrow below
  }
  return tomorrow(input);
}
