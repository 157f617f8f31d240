import { PassThrough, type Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { Db } from '#server/db/client.ts';
import type { FileStorage } from '#server/integrations/storage/file-storage.ts';
import { readPerson, recordExport } from './privacy.repository';

/** The file's name inside the zip: its id keeps it unique, its own name only as letters. */
export function zipPathOf(f: { id: string; originalName: string }) {
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
  const { person, fileRows } = await readPerson(db, customerId, zipPathOf);
  await recordExport(db, customerId, staff, now, {
    leads: person.leads.length,
    bookings: person.bookings.length,
    files: fileRows.length,
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
