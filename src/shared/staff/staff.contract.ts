import { z } from 'zod';
import { text } from '#shared/api/text.ts';

/** The API path of the staff session: sign in (POST), who am I (GET), sign out (DELETE). */
export const staffSessionPath = '/api/staff/session';

export const staffRoles = ['admin', 'staff'] as const;
export type StaffRole = (typeof staffRoles)[number];

/**
 * Length rules for new passwords (OWASP ASVS 2.1: at least 12 characters, long passphrases
 * allowed). Counted in Unicode characters, not UTF-16 units, so an emoji counts once.
 * The server also refuses easily guessed passwords; that check needs a dictionary and stays there.
 */
export const passwordPolicy = { minLength: 12, maxLength: 256 } as const;

export const staffMessages = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: `Use at least ${passwordPolicy.minLength} characters.`,
  passwordTooLong: `Use at most ${passwordPolicy.maxLength} characters.`,
  passwordTooWeak:
    'This password is too common or too easy to guess. Try a longer phrase of unrelated words.',
  // The spec's wording; the same answer for an unknown e-mail, so it reveals no account.
  incorrectPassword: 'Incorrect password',
  signInRequired: 'Please sign in.',
  forbidden: 'You do not have access to this.',
  crossOrigin: 'This request did not come from TintBook. Please reload the page and try again.',
  signInRateLimited: 'Too many sign-in attempts. Please wait 15 minutes and try again.',
} as const;

export const staffErrorCodes = { invalidCredentials: 'INVALID_CREDENTIALS' } as const;

const m = staffMessages;
const characters = (value: string) => [...value].length;

export const staffEmailSchema = text({ error: m.emailRequired })
  .trim()
  .min(1, m.emailRequired)
  .pipe(z.email(m.emailInvalid).max(254, m.emailInvalid))
  // stored lowercase: people type e-mails in any case
  .transform((email) => email.toLowerCase());

/** A password being chosen (new account, reset): the length rules of the policy. */
export const newPasswordSchema = text({ error: m.passwordRequired })
  .min(1, m.passwordRequired)
  .refine((value) => characters(value) >= passwordPolicy.minLength, m.passwordTooShort)
  .refine((value) => characters(value) <= passwordPolicy.maxLength, m.passwordTooLong);

/** Sign-in takes any non-empty password up to the maximum: a short one is simply wrong. */
export const signInInputSchema = z.object({
  email: staffEmailSchema,
  password: text({ error: m.passwordRequired })
    .min(1, m.passwordRequired)
    .refine((value) => characters(value) <= passwordPolicy.maxLength, m.passwordTooLong),
});
export type SignInInput = z.input<typeof signInInputSchema>;

export const staffUserSchema = z.object({
  email: z.string(),
  role: z.enum(staffRoles),
  displayName: z.string().nullable(),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const staffSessionResponseSchema = z.object({ user: staffUserSchema });
export type StaffSessionResponse = z.infer<typeof staffSessionResponseSchema>;
