// The booking options of spec §3 whose rules differ. Kept free of zod: the web's small step
// helpers import it.

/** The booking option whose consultant measures on the day: measurements are optional. */
export const consultationOption = 'consultation';

/** A consultation needs no measurement and no estimate screen (issue 15 item 1). */
export const measurementsOptional = (bookingOption: string | null | undefined) =>
  bookingOption === consultationOption;
