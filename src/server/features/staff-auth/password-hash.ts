import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { processNodeEnv } from '#server/config.ts';

/**
 * scrypt at OWASP's recommended cost (N=2^17, r=8, p=1), stored self-describing as
 * `scrypt$N$r$p$salt$hash` (base64url) so the cost can be raised later without breaking old
 * hashes: verification reads the parameters from the string, and needsRehash() says when a
 * stored hash is weaker than today's and should be replaced at the next successful sign-in.
 */
export const scryptParams = { N: 2 ** 17, r: 8, p: 1, saltBytes: 16, keyBytes: 64 } as const;

export type ScryptParams = { -readonly [K in keyof typeof scryptParams]: number };

/**
 * The cost new hashes are made at: OWASP's everywhere but in a test run (NODE_ENV=test: Vitest
 * and the e2e servers), where N is 2^10. At 2^17 one hash took 0.7–2.5 s of a core here, and the
 * suites sign staff in and make accounts hundreds of times (ADR 039). A stored hash names its own
 * cost, so a hash made in a test verifies anywhere, and in production needsRehash() replaces it.
 */
export function scryptParamsFor(nodeEnv: string | undefined): ScryptParams {
  return nodeEnv === 'test' ? { ...scryptParams, N: 2 ** 10 } : { ...scryptParams };
}

/** Read at first use, after the entry point has read `.env`. */
const inForce = () => scryptParamsFor(processNodeEnv());

// Bounds on what a stored string may ask for, so a corrupt row cannot exhaust memory.
const maxN = 2 ** 20;
const maxR = 32;
const maxP = 16;

interface ParsedHash {
  N: number;
  r: number;
  p: number;
  salt: Buffer;
  hash: Buffer;
}

function derive(password: string, salt: Buffer, keyBytes: number, cost: ScryptOptions) {
  // scrypt needs 128·N·r bytes; Node refuses above maxmem (32 MiB by default), so allow twice that.
  const maxmem = 2 * 128 * (cost.N ?? 0) * (cost.r ?? 0);
  return new Promise<Buffer>((resolve, reject) => {
    // NFKC: the same password typed on another keyboard or OS must give the same bytes.
    scrypt(password.normalize('NFKC'), salt, keyBytes, { ...cost, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string, cost = inForce()): Promise<string> {
  const { N, r, p, saltBytes, keyBytes } = cost;
  const salt = randomBytes(saltBytes);
  const hash = await derive(password, salt, keyBytes, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), hash.toString('base64url')].join('$');
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return null;
  const [N, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const hash = Buffer.from(parts[5] ?? '', 'base64url');
  const powerOfTwo = Number.isInteger(N) && N > 1 && (N & (N - 1)) === 0;
  const sane =
    powerOfTwo && N <= maxN && Number.isInteger(r) && r >= 1 && r <= maxR && p >= 1 && p <= maxP;
  if (!sane || salt.length < 16 || hash.length < 32) return null;
  return { N, r, p, salt, hash };
}

/** True when the password matches; false for a wrong password or an unreadable stored hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p, salt, hash } = parsed;
  const candidate = await derive(password, salt, hash.length, { N, r, p });
  return timingSafeEqual(candidate, hash);
}

export function needsRehash(stored: string, cost = inForce()): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return true;
  const { N, r, p, keyBytes } = cost;
  return parsed.N < N || parsed.r < r || parsed.p < p || parsed.hash.length < keyBytes;
}

let dummyHash: Promise<string> | undefined;

/**
 * A hash of a random password, made once: unknown e-mails are checked against it so a wrong
 * e-mail costs the same scrypt work as a wrong password and timing reveals no account.
 */
export function hashForUnknownAccounts(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  return dummyHash;
}
