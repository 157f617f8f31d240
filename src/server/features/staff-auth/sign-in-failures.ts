// Failed sign-ins, counted per (account, address) and per account, so that guessing at an
// account locks out the guesser and not its owner (docs/decisions/006-staff-access.md). Kept in
// process memory, like the other limits; a restart forgets them.

export interface FailureLimits {
  /** Failures an address may make on one account per window before it must wait. */
  perAccountAndAddress: number;
  /**
   * Failures on one account from all addresses per window before the account counts as under
   * attack: then an address that has failed on it once must wait. Addresses that have not failed
   * (its owner, usually) can still sign in.
   */
  perAccount: number;
  windowMs: number;
}

interface Count {
  count: number;
  resetAt: number;
}

// an attacker spraying accounts and addresses cannot grow the map without bound
const maxEntries = 100_000;

export class SignInFailures {
  private readonly counts = new Map<string, Count>();

  constructor(private readonly limits: FailureLimits) {}

  /** Seconds this address must wait before trying this account again; 0 when it may try now. */
  waitSeconds(email: string, address: string, now: Date): number {
    const pair = this.current(pairKey(email, address), now);
    if (!pair) return 0;
    const untilPairResets = secondsUntil(pair.resetAt, now);
    if (pair.count >= this.limits.perAccountAndAddress) return untilPairResets;
    const account = this.current(accountKey(email), now);
    if (account && account.count >= this.limits.perAccount) {
      return Math.min(untilPairResets, secondsUntil(account.resetAt, now));
    }
    return 0;
  }

  recordFailure(email: string, address: string, now: Date): void {
    this.increment(pairKey(email, address), now);
    this.increment(accountKey(email), now);
  }

  /** The right password from this address: its earlier typos stop counting against it. */
  forgetAddress(email: string, address: string): void {
    this.counts.delete(pairKey(email, address));
  }

  private current(key: string, now: Date): Count | undefined {
    const entry = this.counts.get(key);
    if (entry && entry.resetAt <= now.getTime()) {
      this.counts.delete(key);
      return undefined;
    }
    return entry;
  }

  private increment(key: string, now: Date): void {
    const entry = this.current(key, now);
    if (entry) {
      entry.count += 1;
      return;
    }
    if (this.counts.size >= maxEntries) this.prune(now);
    this.counts.set(key, { count: 1, resetAt: now.getTime() + this.limits.windowMs });
  }

  private prune(now: Date): void {
    for (const [key, entry] of this.counts) {
      if (entry.resetAt <= now.getTime()) this.counts.delete(key);
    }
    // still full of live entries: the oldest go first (a Map iterates in insertion order)
    for (const key of this.counts.keys()) {
      if (this.counts.size < maxEntries) break;
      this.counts.delete(key);
    }
  }
}

const pairKey = (email: string, address: string) => `pair:${email}\n${address}`;
const accountKey = (email: string) => `account:${email}`;

function secondsUntil(at: number, now: Date): number {
  return Math.max(1, Math.ceil((at - now.getTime()) / 1000));
}
