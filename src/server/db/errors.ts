// PostgreSQL error codes, the same from PGlite and node-postgres. Drizzle wraps the driver's error
// in its own, so the code may sit on the error or on its cause.
const codes = {
  foreignKeyViolation: '23503',
  uniqueViolation: '23505',
  exclusionViolation: '23P01',
} as const;

function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isForeignKeyViolation = (err: unknown) => pgCode(err) === codes.foreignKeyViolation;
export const isUniqueViolation = (err: unknown) => pgCode(err) === codes.uniqueViolation;
/** An EXCLUDE constraint refused the row: for bookings and holds, an overlapping slot (ADR 012). */
export const isExclusionViolation = (err: unknown) => pgCode(err) === codes.exclusionViolation;
