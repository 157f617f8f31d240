import { z } from 'zod';
import {
  PermanentDeliveryError,
  type Delivered,
  type DeliveryLog,
} from '#server/integrations/delivery.ts';
import { sendOutbound } from '#server/integrations/outbound-request.ts';
import type { Resolve } from '#server/integrations/outbound-address.ts';
import { outboundUrl, withPath } from '#server/integrations/outbound-url.ts';

// The job-tracking system ("Trak"): the small REST contract of ADR 017. A confirmed booking
// creates a job; a reschedule or cancel updates it.

export interface TrakTarget {
  /** trak_base_url, e.g. https://trak.example.com/api (jobs live at <baseUrl>/jobs). */
  baseUrl: string;
  apiKey: string;
}

export interface TrakAppointment {
  /** ISO instants. */
  start: string;
  end: string;
  /** The booking's kind, e.g. 'installation' or 'onsite_consultation'. */
  type: string;
}

export interface TrakJob {
  /** The booking id: the tracker keeps one job per booking. */
  externalId: string;
  customer: { name: string; email?: string | undefined; phone?: string | undefined };
  appointment: TrakAppointment;
  address?: string | undefined;
  notes?: string | undefined;
  estimateCents?: number | undefined;
}

export type TrakJobChange = { appointment: TrakAppointment } | { status: 'cancelled' };

export interface TrakOptions {
  /** The same on every attempt of one message: the tracker answers a repeat with the first result. */
  idempotencyKey: string;
  now: Date;
  timeoutMs?: number;
  /** Name resolution for the address check (tests); the system's by default. */
  resolve?: Resolve | undefined;
}

const jobAnswerSchema = z.object({
  id: z.union([z.string().trim().min(1).max(200), z.number().int()]).transform(String),
});

/** Creates the booking's job; providerMessageId is the tracker's job id (store it as trak_job_id). */
export function createTrakJob(
  target: TrakTarget | undefined,
  job: TrakJob,
  opts: TrakOptions,
  log: DeliveryLog,
): Promise<Delivered> {
  return call(target, 'POST', '/jobs', job, opts, log, { externalId: job.externalId });
}

/** Moves the job's appointment, or cancels it. */
export function updateTrakJob(
  target: TrakTarget | undefined,
  jobId: string,
  change: TrakJobChange,
  opts: TrakOptions,
  log: DeliveryLog,
): Promise<Delivered> {
  const path = `/jobs/${encodeURIComponent(jobId)}`;
  const what = 'status' in change ? 'cancel' : 'reschedule';
  return call(target, 'PATCH', path, change, opts, log, { jobId, change: what });
}

async function call(
  target: TrakTarget | undefined,
  method: 'POST' | 'PATCH',
  path: string,
  body: object,
  { idempotencyKey, now, timeoutMs = 10_000, resolve }: TrakOptions,
  log: DeliveryLog,
  about: Record<string, string>,
): Promise<Delivered> {
  // ids only: the job carries the customer's name, e-mail, phone and address
  const details = { channel: 'trak', method, ...about };
  if (!target) {
    log.info(details, 'Job tracker not configured: job not sent (local mode)');
    return { provider: 'log', local: true };
  }
  const base = outboundUrl(target.baseUrl, 'Job tracker');
  // keep a base path (https://host/api) and add to it, whatever its trailing slash
  const url = withPath(base, path, 'Job tracker');
  const answer = await sendOutbound({
    provider: 'Job tracker',
    method,
    url,
    headers: {
      Authorization: `Bearer ${target.apiKey}`,
      'Idempotency-Key': idempotencyKey,
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'User-Agent': 'TintBook/1',
    },
    body: JSON.stringify(body),
    timeoutMs,
    readBytes: 64 * 1024,
    now,
    resolve,
  });
  const parsed = jobAnswerSchema.safeParse(parseJson(answer.body));
  // a repeat with the same Idempotency-Key gets the same answer, so retrying would not help
  if (!parsed.success) {
    throw new PermanentDeliveryError(`Job tracker answered HTTP ${answer.status} without a job id`);
  }
  log.info({ ...details, jobId: parsed.data.id, status: answer.status }, 'Job tracker updated');
  return { provider: 'trak', providerMessageId: parsed.data.id };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
