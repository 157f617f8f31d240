// Test helper: the job-tracking system's REST contract (docs/decisions/017-job-tracker-api.md):
// POST <base>/jobs and PATCH <base>/jobs/:id with a bearer key and an Idempotency-Key. A repeat
// of a key, or a second job for the same booking, answers the job already made (200).
import { startHttpReceiver, waitUntil, type HttpReceiver } from './http-receiver';

export interface TrakJobRecord {
  id: string;
  externalId: string;
  status: 'scheduled' | 'cancelled';
  /** The job as created, then each change in order. */
  created: Record<string, unknown>;
  changes: Record<string, unknown>[];
  appointment: { start: string; end: string; type: string };
}

export interface TrakReceiver extends HttpReceiver {
  /** Where trak_base_url points (includes the base path). */
  baseUrl: string;
  jobs: Map<string, TrakJobRecord>;
  /** Every request accepted: method, path and Idempotency-Key. */
  log: { method: string; path: string; idempotencyKey: string }[];
  refused: string[];
  job(externalId: string): TrakJobRecord | undefined;
  waitFor(count: number, timeoutMs?: number): Promise<TrakJobRecord[]>;
}

const isIso = (value: unknown) => typeof value === 'string' && !Number.isNaN(Date.parse(value));
const validAppointment = (value: unknown): value is TrakJobRecord['appointment'] => {
  const a = value as Partial<TrakJobRecord['appointment']> | undefined;
  return isIso(a?.start) && isIso(a?.end) && typeof a?.type === 'string' && a.type.length > 0;
};

export async function startTrakReceiver({
  apiKey,
  basePath = '/api',
}: {
  apiKey: string;
  basePath?: string;
}): Promise<TrakReceiver> {
  const jobs = new Map<string, TrakJobRecord>();
  const answered = new Map<string, { status: number; body: string }>();
  const log: TrakReceiver['log'] = [];
  const refused: string[] = [];
  const json = (status: number, value: unknown) => ({
    status,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(value),
  });
  const refuse = (status: number, reason: string) => (
    refused.push(reason),
    json(status, { error: reason })
  );

  const handle = (method: string, path: string, body: Record<string, unknown>) => {
    if (method === 'POST' && path === '/jobs') {
      const { externalId, customer, appointment } = body;
      if (typeof externalId !== 'string' || !externalId) return refuse(400, 'externalId required');
      if (typeof (customer as { name?: unknown })?.name !== 'string')
        return refuse(400, 'customer.name required');
      if (!validAppointment(appointment))
        return refuse(400, 'appointment needs start, end (ISO) and type');
      const existing = [...jobs.values()].find((job) => job.externalId === externalId);
      if (existing) return json(200, { id: existing.id });
      const id = `job_${jobs.size + 1}`;
      jobs.set(id, {
        id,
        externalId,
        status: 'scheduled',
        created: body,
        changes: [],
        appointment,
      });
      return json(201, { id });
    }
    const match = /^\/jobs\/([^/]+)$/.exec(path);
    if (method === 'PATCH' && match) {
      const job = jobs.get(decodeURIComponent(match[1] ?? ''));
      if (!job) return refuse(404, `no job ${match[1]}`);
      if (body.status === 'cancelled') job.status = 'cancelled';
      else if (validAppointment(body.appointment)) job.appointment = body.appointment;
      else return refuse(400, 'a change is an appointment or status: cancelled');
      job.changes.push(body);
      return json(200, { id: job.id, status: job.status });
    }
    return refuse(404, `${method} ${path}`);
  };

  const http = await startHttpReceiver(({ method, url, headers, body }) => {
    if (headers.authorization !== `Bearer ${apiKey}`)
      return refuse(401, 'wrong or missing API key');
    const idempotencyKey = headers['idempotency-key'];
    if (typeof idempotencyKey !== 'string' || !idempotencyKey)
      return refuse(400, 'Idempotency-Key required');
    if (!url.pathname.startsWith(`${basePath}/`)) return refuse(404, url.pathname);
    const path = url.pathname.slice(basePath.length);
    log.push({ method, path, idempotencyKey });
    const repeat = answered.get(`${method} ${path} ${idempotencyKey}`);
    if (repeat) return { ...repeat, status: repeat.status === 201 ? 200 : repeat.status };
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(body) as Record<string, unknown>;
    } catch {
      return refuse(400, 'body is not JSON');
    }
    const answer = handle(method, path, parsed);
    if (answer.status < 300) answered.set(`${method} ${path} ${idempotencyKey}`, answer);
    return answer;
  });

  return Object.assign(http, {
    baseUrl: `${http.origin}${basePath}`,
    jobs,
    log,
    refused,
    job: (externalId: string) => [...jobs.values()].find((job) => job.externalId === externalId),
    waitFor: (count: number, timeoutMs = 5000) =>
      waitUntil(
        () => (jobs.size >= count ? [...jobs.values()] : undefined),
        timeoutMs,
        () => `${count} jobs (have ${jobs.size}; refused: ${refused.join('; ') || 'none'})`,
      ),
  });
}
