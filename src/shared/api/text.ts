import { z } from 'zod';

/** The one answer to a character the database cannot store, beside the field that holds it. */
export const unsupportedCharacterMessage = 'Remove the unsupported character from this field.';

// NUL: PostgreSQL refuses it in text and jsonb. A lone UTF-16 surrogate (half of an emoji, say):
// jsonb refuses it and a text column would quietly store U+FFFD instead. With the u flag a
// well-formed pair is one code point, so \p{Cs} matches only the lone halves.
const unsupportedCharacter = /[\0\p{Cs}]/u;

export function hasUnsupportedCharacter(value: string): boolean {
  return unsupportedCharacter.test(value);
}

/**
 * Every text a person or a client sends: a string that the database can store. Use it in place
 * of `z.string()` in request contracts; chain `.trim()`, `.min()`, `.max()` as usual.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z
    .string(params)
    .refine((value) => !hasUnsupportedCharacter(value), unsupportedCharacterMessage);
}
