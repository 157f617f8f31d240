import { createRequire } from 'node:module';
import type * as Core from '@zxcvbn-ts/core';
import type * as Common from '@zxcvbn-ts/language-common';
import type * as English from '@zxcvbn-ts/language-en';
import { newPasswordSchema, staffMessages } from '#shared/staff/staff.contract.ts';

/** zxcvbn scores 0–4; 3 means at least 10^8 guesses, years of work against our scrypt hashes. */
const minimumScore = 3;

// Words anyone guessing a TintBook password would try first.
const businessWords = ['tintbook', 'tint', 'tinting', 'window', 'windows', 'film', 'victoria'];

let estimator: Core.ZxcvbnFactory | undefined;

// Loaded and built on first use: the dictionaries cost ~75 ms of start-up and a moment to rank,
// and most processes never check a password. require, not import(): this check stays synchronous.
function getEstimator(): Core.ZxcvbnFactory {
  if (estimator) return estimator;
  const load = createRequire(import.meta.url);
  const { ZxcvbnFactory } = load('@zxcvbn-ts/core') as typeof Core;
  const common = load('@zxcvbn-ts/language-common') as typeof Common;
  const english = load('@zxcvbn-ts/language-en') as typeof English;
  estimator = new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...english.dictionary },
    graphs: common.adjacencyGraphs,
    translations: english.translations,
    // Levenshtein matching made each check ~10x slower here and refused nothing more in our tests.
  });
  return estimator;
}

/**
 * Why a new password is refused, or null when it is acceptable: the shared length rules, then
 * zxcvbn against common passwords, English words, names, keyboard patterns and the person's own
 * e-mail and name.
 */
export function passwordProblem(
  password: string,
  about: { email?: string; displayName?: string | null } = {},
): string | null {
  const lengthCheck = newPasswordSchema.safeParse(password);
  if (!lengthCheck.success)
    return lengthCheck.error.issues[0]?.message ?? staffMessages.passwordTooShort;
  const userInputs = [...businessWords];
  if (about.email) userInputs.push(about.email, ...about.email.split(/[@.+_-]/));
  if (about.displayName) userInputs.push(...about.displayName.split(/\s+/));
  const { score } = getEstimator().check(password, userInputs.filter(Boolean));
  return score < minimumScore ? staffMessages.passwordTooWeak : null;
}
