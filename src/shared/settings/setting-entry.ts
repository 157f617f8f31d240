import { z } from 'zod';

// The shape of one settings registry entry (settings-registry.ts) and the helpers that make one.

export interface Entry<S extends z.ZodType = z.ZodType> {
  /** The Settings screen it is changed on (the row's category). */
  screen: string;
  description: string;
  schema: S;
  /** Built in: seeded by migration with this value, changed but never deleted. */
  default?: unknown;
  /** What a missing or malformed value reads as, when not the default. */
  fallback?: unknown;
  /**
   * What a stored value must pass to be read, where that is looser than what a save must pass
   * (a booking staff list emptied in the database still means no one takes bookings).
   */
  read?: z.ZodType;
  /** Anyone may read it (the public GET /api/settings). */
  public?: true;
  /** Write-only: answered masked, never whole; read on the server only as set or not. */
  secret?: true;
}

// the default's own type (settingDefaults) is what the setting reads as
export const builtIn = <S extends z.ZodType, D>(
  screen: string,
  description: string,
  schema: S,
  value: D,
) => ({
  screen,
  description,
  schema,
  default: value,
});
export const optional = <S extends z.ZodType>(screen: string, description: string, schema: S) => ({
  screen,
  description,
  schema,
});
export const secret = <S extends z.ZodType>(screen: string, description: string, schema: S) => ({
  screen,
  description,
  schema,
  secret: true as const,
});
export const isPublic = { public: true } as const;

// read as the engine reads them: any whole number of cents or panes
export const wholeNumber = z.number().int().min(0);
export const readAs = (read: z.ZodType) => ({ read });
