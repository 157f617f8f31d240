import { measurementsOptional } from '#shared/estimate/booking-options.ts';
import { savedContact } from './booking-flow';

/** Contact chose a consultation: no measurement needed and no estimate screen (issue 15 item 1). */
export function consultationChosen(): boolean {
  return measurementsOptional(savedContact()?.bookingOption);
}
