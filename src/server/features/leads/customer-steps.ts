import {
  customerStepEventType,
  customerSteps,
  isCustomerStep,
  visitGapMs,
} from '#shared/analytics/customer-steps.ts';
import type { TimelineEntry } from '#shared/leads/lead-detail.contract.ts';
import { formatPriceIncGst } from '#shared/pricing/money.ts';
import type { ActivityRow } from './lead-detail.repository';
import { actorOf, toTimelineEntry } from './lead-timeline';

// The customer's own steps (POST /api/activities from the booking flow) on the lead's timeline:
// one entry per visit that says what they did, in order, instead of a row per step and render.

const num = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
const str = (value: unknown) => (typeof value === 'string' && value ? value : null);

const painPointName = (id: string | null, names: Map<string, string>) =>
  id === null ? null : (names.get(id) ?? id);

const isStepRow = (row: ActivityRow) =>
  row.eventType === customerStepEventType && row.staffUserId === null && isCustomerStep(row.action);

/** The visit's steps as sentences, each kind once where it first happened (the latest figures). */
function visitLines(rows: ActivityRow[], painPoints: Map<string, string>): string[] {
  const lines = new Map<string, string>();
  let files = 0;
  for (const row of rows) {
    const data = row.data ?? {};
    switch (row.action) {
      case customerSteps.detailsGiven: {
        const panes = num(data.glassCount);
        const facts = [
          panes === null ? null : `${panes} ${panes === 1 ? 'pane' : 'panes'}`,
          painPointName(str(data.painPoint), painPoints),
        ].filter(Boolean);
        lines.set(
          row.action,
          `Gave the job's details${facts.length ? `: ${facts.join(', ')}` : ''}`,
        );
        break;
      }
      case customerSteps.fileUploaded:
        files += num(data.count) ?? 1;
        lines.set(row.action, `Uploaded ${files} ${files === 1 ? 'file' : 'files'}`);
        break;
      case customerSteps.estimateSeen: {
        const total = num(data.totalCents);
        lines.set(
          row.action,
          total === null ? 'Saw the estimate' : `Saw the estimate: ${formatPriceIncGst(total)}`,
        );
        break;
      }
      case customerSteps.bookingOpened:
        lines.set(row.action, 'Opened the booking page');
        break;
      case customerSteps.left:
        lines.delete(row.action); // only the visit's last step: they may come back to it
        lines.set(row.action, 'Left without booking');
        break;
    }
  }
  const last = rows.at(-1);
  if (last?.action !== customerSteps.left) lines.delete(customerSteps.left);
  return [...lines.values()];
}

/** Oldest first: each session's steps split where a visit gap passes. */
function visits(rows: ActivityRow[]): ActivityRow[][] {
  const open = new Map<string, ActivityRow[]>();
  const done: ActivityRow[][] = [];
  for (const row of [...rows].reverse()) {
    const key = row.sessionId ?? '';
    const current = open.get(key);
    const previous = current?.at(-1);
    if (
      current &&
      previous &&
      row.timestamp.getTime() - previous.timestamp.getTime() <= visitGapMs
    ) {
      current.push(row);
    } else {
      if (current) done.push(current);
      open.set(key, [row]);
    }
  }
  return [...done, ...open.values()];
}

function visitEntry(rows: ActivityRow[], painPoints: Map<string, string>): TimelineEntry {
  const first = rows[0]!;
  const last = rows.at(-1)!;
  return {
    id: last.id,
    kind: 'customer_visit',
    // placed where the visit got to: before the booking it led to, after what staff did earlier
    at: last.timestamp.toISOString(),
    by: actorOf(last),
    text: visitLines(rows, painPoints).join('\n'),
    data: {
      sessionId: first.sessionId,
      startedAt: first.timestamp.toISOString(),
      steps: rows.map((row) => ({ action: row.action, at: row.timestamp.toISOString() })),
    },
  };
}

/** The lead's timeline, newest first: every other row as it is, the customer's steps per visit. */
export function leadTimeline(
  rows: ActivityRow[],
  timezone: string,
  painPoints: Map<string, string>,
): TimelineEntry[] {
  const steps = rows.filter(isStepRow);
  const others = rows.filter((row) => !isStepRow(row)).map((row) => toTimelineEntry(row, timezone));
  return [...others, ...visits(steps).map((visit) => visitEntry(visit, painPoints))].sort(
    (a, b) => Date.parse(b.at) - Date.parse(a.at) || (a.id < b.id ? 1 : -1),
  );
}
