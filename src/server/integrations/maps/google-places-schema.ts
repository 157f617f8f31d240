import { z } from 'zod';

// The parts of the legacy Places web service answers (snake_case) that the app reads. Anything
// else Google adds is ignored; a missing required part makes the answer a provider failure.

export const googleStatusSchema = z.string();

export const googlePredictionSchema = z.object({
  place_id: z.string().min(1),
  description: z.string(),
  structured_formatting: z
    .object({ main_text: z.string(), secondary_text: z.string().optional() })
    .optional(),
  types: z.array(z.string()).default([]),
});

export const googleAutocompleteSchema = z.object({
  status: googleStatusSchema,
  predictions: z.array(googlePredictionSchema).default([]),
});

export const googleAddressComponentSchema = z.object({
  long_name: z.string(),
  short_name: z.string(),
  types: z.array(z.string()).default([]),
});
export type GoogleAddressComponent = z.infer<typeof googleAddressComponentSchema>;

export const googleDetailsSchema = z.object({
  status: googleStatusSchema,
  result: z
    .object({
      formatted_address: z.string().default(''),
      name: z.string().default(''),
      geometry: z.object({ location: z.object({ lat: z.number(), lng: z.number() }) }),
      address_components: z.array(googleAddressComponentSchema).default([]),
    })
    .optional(),
});
export type GoogleDetails = z.infer<typeof googleDetailsSchema>;
