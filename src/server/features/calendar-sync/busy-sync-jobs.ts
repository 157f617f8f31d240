import type PgBoss from 'pg-boss';
import type { Db } from '#server/db/client.ts';
import { busySyncQueue } from '#server/db/job-queue-schema.ts';
import { refreshConsultantCalendar, type BusySyncDeps } from './busy-sync';
import { dueCalendars } from './busy-sync.repository';

// The busy-times sync as pg-boss jobs (issue 29, ADR 053), run by the worker (inside `npm start`,
// or `npm run worker`): a tick every few seconds queues one job per connected calendar last tried
// long enough ago by the app's clock; the queue is 'stately', so a calendar has at most one job
// waiting however many workers tick. Each calendar is read again within a minute.

/** A calendar is due this long after its last try: with the tick and polling, under 60 s. */
export const refreshAfterMs = 45_000;
const tickEveryMs = 10_000;
const maxPerTick = 200;

interface BusySyncJob {
  consultantId: string;
}

export class BusySyncJobs {
  #timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly boss: PgBoss,
    private readonly db: Db,
    private readonly deps: { now: () => Date } & Omit<BusySyncDeps, 'now'>,
  ) {}

  /** Queues a job for each due calendar; answers how many were due. */
  async tick(): Promise<number> {
    const before = new Date(this.deps.now().getTime() - refreshAfterMs);
    const due = await dueCalendars(this.db, before, maxPerTick);
    for (const consultantId of due) {
      await this.boss.send(busySyncQueue, { consultantId } satisfies BusySyncJob, {
        singletonKey: consultantId,
        retryLimit: 0, // the next tick is the retry
        expireInSeconds: 120,
        retentionDays: 1,
      });
    }
    return due.length;
  }

  /** One job: the refresh itself, which never throws. */
  run(job: BusySyncJob): Promise<void> {
    const { now, ...deps } = this.deps;
    return refreshConsultantCalendar(this.db, job.consultantId, { ...deps, now: now() });
  }

  /** Runs the jobs waiting now, here (tests drive the sync so, with the app's clock). */
  async drain(): Promise<number> {
    const jobs = await this.boss.fetch<BusySyncJob>(busySyncQueue, { batchSize: maxPerTick });
    for (const job of jobs ?? []) {
      await this.run(job.data);
      await this.boss.complete(busySyncQueue, job.id);
    }
    return jobs?.length ?? 0;
  }

  /** The worker's side: takes jobs as they come, and ticks. The boss is started by the caller. */
  async start(): Promise<void> {
    await this.boss.work<BusySyncJob>(busySyncQueue, { batchSize: 4 }, async (jobs) => {
      for (const job of jobs) await this.run(job.data);
    });
    const tick = () =>
      this.tick().catch((err: unknown) =>
        this.deps.log.error({ err }, 'calendar sync tick failed'),
      );
    void tick();
    this.#timer = setInterval(() => void tick(), tickEveryMs);
    this.#timer.unref();
  }

  stop(): void {
    clearInterval(this.#timer);
  }
}
