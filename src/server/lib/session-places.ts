import type { VisitPlace } from '#shared/booking/consultant.ts';

/** Sessions whose place is kept (forgotten all at once when full). */
const maxSessionPlaces = 20_000;

/**
 * Where each session's onsite visit would be (ADR 054), kept so the booking page's calendar reads
 * it once per session. Forgotten all at once when any place may have changed: the 'places'
 * notification of migration 0026, or a change of everything. Ask after the availability cache's
 * `snapshot`, which has waited for every change committed before the request.
 */
export class SessionPlaces {
  #places = new Map<string, VisitPlace>();
  #version = 0;

  forget(): void {
    this.#version += 1;
    this.#places.clear();
  }

  /**
   * The session's place, kept from `read`; a session without one is read each time, as it is about
   * to get one. A change arriving while `read` runs keeps its answer out.
   */
  async of(sessionId: string, read: () => Promise<VisitPlace | null>): Promise<VisitPlace | null> {
    const kept = this.#places.get(sessionId);
    if (kept) return kept;
    const version = this.#version;
    const place = await read();
    if (place && version === this.#version) {
      if (this.#places.size >= maxSessionPlaces) this.#places.clear();
      this.#places.set(sessionId, place);
    }
    return place;
  }
}
