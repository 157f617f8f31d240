import { z } from 'zod';
import { addressHint } from './address-hint';
import { text } from '#shared/api/text.ts';

/** One suggestion of the address search (Google's prediction, camelCased). */
export const addressPredictionSchema = z.object({
  placeId: z.string(),
  description: z.string(),
  mainText: z.string(),
  secondaryText: z.string(),
  types: z.array(z.string()),
  /** The state of a suggestion outside Victoria (e.g. "NSW"): offered marked, refused when chosen. */
  outOfState: z.string().optional(),
});
export type AddressPrediction = z.infer<typeof addressPredictionSchema>;

export const addressComponentSchema = z.object({
  longName: z.string(),
  shortName: z.string(),
  types: z.array(z.string()),
});

/** Details of a chosen suggestion, with the parts the app needs picked out. */
export const placeDetailsSchema = z.object({
  placeId: z.string(),
  formattedAddress: z.string(),
  name: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  addressComponents: z.array(addressComponentSchema),
  /** State short name as the provider gives it, e.g. "VIC". */
  state: z.string().nullable(),
  suburb: z.string().nullable(),
  postcode: z.string().nullable(),
});
export type PlaceDetails = z.infer<typeof placeDetailsSchema>;

export const addressSuggestQuerySchema = z.object({
  q: text().trim().min(3, 'Type at least 3 characters').max(200),
  /** Groups the keystrokes of one search, so a paid provider bills one session. */
  sessionToken: text().max(100).optional(),
});

export const addressSuggestResponseSchema = z.object({
  predictions: z.array(addressPredictionSchema),
});

export const placeDetailsResponseSchema = z.object({ place: placeDetailsSchema });

export const addressMessages = {
  loading: 'Loading address search...',
  empty: 'No addresses found',
  /** Under the field (issue 26 item 8): what to type for the offline gazetteer to find it. */
  hint: addressHint,
  /** In place of 'No addresses found' for a street typed without its suburb. */
  addSuburb: 'Add the suburb to find your address, e.g. 12 Chapel St Windsor',
  unavailable: 'Address search unavailable',
  retry: 'Retry',
  selectFromSuggestions: 'Please select a valid address from the suggestions',
  victoriaOnly: 'Please select an address in Victoria (VIC) only',
} as const;

/** Search settings of spec §9: debounce 300 ms, more than 2 characters, 100 km around Melbourne. */
export const addressSearch = {
  debounceMs: 300,
  minChars: 3,
  centre: { lat: -37.8136, lng: 144.9631 },
  radiusMeters: 100_000,
} as const;
