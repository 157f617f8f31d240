/**
 * A bounded in-memory map whose entries lapse `ttlMs` after they were set, dropping the least
 * recently used entry when full. Small on purpose: lru-cache is only a transitive dependency here,
 * and a Map's insertion order already gives least-recently-used order (a read re-inserts).
 */
export class ExpiringCache<V> {
  readonly #entries = new Map<string, { value: V; expiresAt: number }>();
  readonly #maxEntries: number;
  readonly #ttlMs: number;
  readonly #clock: () => number;

  constructor({
    maxEntries,
    ttlMs,
    clock = Date.now,
  }: {
    maxEntries: number;
    ttlMs: number;
    /** Real time by default: the freshness of an answer is not the app's (test) clock's business. */
    clock?: () => number;
  }) {
    this.#maxEntries = maxEntries;
    this.#ttlMs = ttlMs;
    this.#clock = clock;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The value, or undefined when missing or lapsed (a lapsed entry is dropped). */
  get(key: string): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    this.#entries.delete(key);
    if (entry.expiresAt <= this.#clock()) return undefined;
    this.#entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    while (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#entries.delete(oldest.value);
    }
    this.#entries.set(key, { value, expiresAt: this.#clock() + this.#ttlMs });
  }
}
