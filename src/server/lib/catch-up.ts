/**
 * Waits until every change committed before the call has been applied, where changes arrive a
 * little after their commit (PostgreSQL's listening connection, ADR 051). `roundTrip` notifies a
 * marker on that connection and resolves when it comes back: the server delivers notifications in
 * commit order, so every earlier commit's came first. Callers share round trips: one arriving
 * while a marker is out waits for the next one, sent after it (the one out may predate its call).
 */
export class CatchUp {
  readonly #roundTrip: () => Promise<void>;
  #running: Promise<void> | undefined;
  #next: Promise<void> | undefined;

  constructor(roundTrip: () => Promise<void>) {
    this.#roundTrip = roundTrip;
  }

  wait(): Promise<void> {
    if (this.#next) return this.#next;
    if (!this.#running) return this.#start();
    const next = this.#running.then(() => {
      this.#next = undefined;
      return this.#start();
    });
    this.#next = next;
    return next;
  }

  #start(): Promise<void> {
    const running = this.#roundTrip().finally(() => {
      if (this.#running === running) this.#running = undefined;
    });
    this.#running = running;
    return running;
  }
}
