import { PassThrough, type Readable } from 'node:stream';
import { eq, or } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '#server/db/client.ts';
import {
  activities,
  journeys,
  messageDeliveries,
  privacyRequests,
  sessions,
} from '#server/db/schema/index.ts';
import type { FileStorage } from '#server/integrations/storage/file-storage.ts';
import { anyOf, personRows } from './privacy-erase';

/**
 * APP 12: everything held about one person as JSON (person.json), and their files under files/.
 * Secrets that are ours, not theirs (manage-link hashes, idempotency keys) are left out.
 */
export async function readPerson(db: Db, customerId: string) {
  const p = await personRows(db, customerId);
  const { leadIds, sessionIds, bookingIds } = p;
  const sessionRows = await db.select().from(sessions).where(anyOf(sessions.id, sessionIds));
  const journeyRows = await db.select().from(journeys).where(anyOf(journeys.sessionId, sessionIds));
  const activityRows = await db
    .select()
    .from(activities)
    .where(
      or(
        eq(activities.customerId, customerId),
        anyOf(activities.leadId, leadIds),
        anyOf(activities.sessionId, sessionIds),
      ),
    );
  const messageRows = await db
    .select()
    .from(messageDeliveries)
    .where(
      or(anyOf(messageDeliveries.leadId, leadIds), anyOf(messageDeliveries.bookingId, bookingIds)),
    );
  const person = {
    customer: p.customer,
    leads: p.leadRows,
    sessions: sessionRows,
    // each return visit: what they typed that time (ADR 043), kept apart from the customer record
    visits: p.visitRows,
    journeys: journeyRows,
    bookings: p.bookingRows.map(
      ({ manageTokenHash: _hash, idempotencyKey: _key, ...booking }) => booking,
    ),
    activities: activityRows,
    messages: messageRows.map(({ jobId: _job, dedupeKey: _dedupe, ...message }) => message),
    files: p.fileRows.map((f) => ({ ...f, zipPath: zipPathOf(f) })),
  };
  return { person, fileRows: p.fileRows };
}

/** The file's name inside the zip: its id keeps it unique, its own name only as letters. */
function zipPathOf(f: { id: string; originalName: string }) {
  return `files/${f.id}-${f.originalName.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100)}`;
}

/** The zip as a stream: each file is read from storage only when the zip reaches it. */
export async function exportPerson(
  db: Db,
  storage: FileStorage,
  customerId: string,
  staff: { id: string; name: string },
  now: Date,
): Promise<Readable> {
  const { person, fileRows } = await readPerson(db, customerId);
  await db.insert(privacyRequests).values({
    action: 'export',
    customerId,
    staffUserId: staff.id,
    staffName: staff.name,
    counts: {
      leads: person.leads.length,
      bookings: person.bookings.length,
      files: fileRows.length,
    },
    createdAt: now,
  });
  // loaded when a person is exported, not at start (ADR 047)
  const { ZipFile } = await import('yazl');
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(JSON.stringify(person, null, 2)), 'person.json', { mtime: now });
  for (const f of fileRows) {
    zip.addReadStreamLazy(zipPathOf(f), { mtime: f.createdAt }, (cb) => {
      storage.get(f.storedName).then(
        // a file missing from storage is an empty entry rather than a broken zip
        (body) => cb(null, body ?? new PassThrough().end()),
        (err: unknown) => cb(err, new PassThrough()),
      );
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}

/** A download of personal data: never cached by a shared proxy. */
export function sendZip(reply: FastifyReply, body: Readable, fileName: string) {
  return reply
    .type('application/zip')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}
