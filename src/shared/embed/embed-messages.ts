// Issue 30: what the booking frame and /embed.js (on the business's own site) say to each other
// with postMessage. Each side sends only to the other's origin and reads only from it.

/** The frame's address names the page showing it with these query parameters (set by embed.js). */
export const embedParams = {
  /** The host page's URL: its utm tags and click ids are the visit's, and it is the landing page. */
  host: 'tintbook_host',
  /** The host page's own referrer (where the visitor was before the business's site). */
  referrer: 'tintbook_ref',
} as const;

/** The host page's `message` events from the frame, by `data.type`. */
export const embedMessageTypes = {
  /** `{ height }`: the frame's content height in CSS pixels; the host sizes the frame to it. */
  height: 'tintbook:height',
  /** The flow moved to another step: the host brings the frame's top into view. */
  step: 'tintbook:step',
  /** Escape was pressed in the flow with nothing of its own to close: a pop-up closes. */
  close: 'tintbook:close',
  /** `{ bookingId, value, currency }`: a booking was made (value in dollars, or null). */
  booked: 'tintbook:booked',
} as const;

export interface EmbedBooked {
  type: typeof embedMessageTypes.booked;
  bookingId: string;
  /** The estimate's total in dollars inc. GST; null when the booking had no estimate. */
  value: number | null;
  currency: 'AUD';
}
