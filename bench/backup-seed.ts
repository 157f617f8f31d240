// The data of bench/backup.ts: leads by bulk INSERT … SELECT (one statement per table,
// generate_series numbering the rows, as bench/leads.ts and bench/dashboard.ts seed theirs), and
// the files of the photos in DATA_DIR/uploads as an upload leaves them.
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Database } from '#server/db/client.ts';
import { isDatabaseEntry } from '#server/db/pglite-files.ts';
import { thumbnailKey } from '#server/features/uploads/uploads.service.ts';

/** Row g's id for a table: md5 made into a valid version-4 UUID. */
const uid = (table: string, g = 'g') =>
  `overlay(overlay(md5('${table}' || ${g}) placing '4' from 13) placing '8' from 17)::uuid`;

// A photo as an upload leaves it: the picture re-encoded (JPEG) and a 320 px WebP thumbnail
// (features/uploads/clean-image.ts). Sizes spread evenly over these ranges.
export const photoBytes = { min: 200 * 1024, max: 400 * 1024 };
export const thumbnailBytes = { min: 10 * 1024, max: 20 * 1024 };

/**
 * `n` customers, sessions and leads (one in five booked, one in two with a staff note) and
 * `photos` uploaded_files rows spread over the leads, each naming its photo and thumbnail.
 */
const seedSql = (n: number, photos: number) => {
  const step = Math.max(1, Math.floor(n / photos));
  const photoLead = `(1 + ((g - 1) * ${step}) % ${n})`;
  const spread = ({ min, max }: { min: number; max: number }) =>
    `${min} + (g * 7919) % ${max - min + 1}`;
  return [
    `insert into customers (id, first_name, last_name, email, phone, address, suburb, postcode,
       state, created_by_session_id, created_at, updated_at)
     select ${uid('c')}, (array['Alex','Sam','Jordan','Charlie','Robin','Jamie'])[1 + g % 6],
       'Bench' || g, 'person' || g || '@example.com', '+614' || lpad(g::text, 8, '0'),
       g || ' Test Street, Fitzroy VIC 3065', 'Fitzroy', '3065', 'VIC', ${uid('s')},
       now() - g * interval '5 minutes', now() - g * interval '5 minutes'
     from generate_series(1, ${n}) g`,
    `insert into sessions (id, customer_id, current_step, last_activity, created_at)
     select ${uid('s')}, ${uid('c')}, 'estimate', now() - g * interval '5 minutes',
       now() - g * interval '5 minutes'
     from generate_series(1, ${n}) g`,
    `insert into leads (id, customer_id, session_id, source, utm_source, utm_medium, utm_campaign,
       status, stage, data, created_at, updated_at)
     select ${uid('l')}, ${uid('c')}, ${uid('s')}, 'website',
       case g % 4 when 0 then 'google' when 1 then 'facebook' end,
       case g % 4 when 0 then 'cpc' when 1 then 'paid_social' end,
       case g % 4 when 0 then 'spring' when 1 then 'winter' end,
       (array['new','contacted','closed'])[1 + g % 3],
       (array['contact','details','estimate','booked','quoted','won','lost'])[1 + g % 7],
       jsonb_build_object('bookingOption', 'estimate', 'estimatedPrice', 20000 + g % 50000,
         'details', jsonb_build_object('glassCount', 1 + g % 10,
           'measurements', jsonb_build_array(jsonb_build_object('length', 1000, 'width', 900)))),
       now() - g * interval '5 minutes', now() - g * interval '5 minutes'
     from generate_series(1, ${n}) g`,
    // each booking with a staff id of its own (no overlap to refuse; not the bench's consultants)
    `insert into bookings (customer_id, lead_id, staff_id, service_type, start_time, end_time,
       status, estimated_price_cents)
     select ${uid('c')}, ${uid('l')}, 'seed-' || g, 'phone',
       date_trunc('hour', now()) - ((g % 300) + 1) * interval '1 day',
       date_trunc('hour', now()) - ((g % 300) + 1) * interval '1 day' + interval '30 minutes',
       case when g % 25 = 0 then 'cancelled' else 'confirmed' end, 20000 + g % 50000
     from generate_series(5, ${n}, 5) g`,
    `insert into activities (lead_id, customer_id, action, event_type, data, timestamp)
     select ${uid('l')}, ${uid('c')}, 'staff_note', 'staff',
       jsonb_build_object('text', 'Called back', 'staffName', 'Bench'),
       now() - g * interval '5 minutes' + interval '12 minutes'
     from generate_series(2, ${n}, 2) g`,
    `insert into uploaded_files (lead_id, session_id, original_name, stored_name, thumbnail_name,
       size, content_type, upload_status)
     select ${uid('l', photoLead)}, ${uid('s', photoLead)}, 'window-' || g || '.jpg',
       ${uid('f')}::text || '.jpg', ${uid('f')}::text || '.webp', ${spread(photoBytes)},
       'image/jpeg', 'uploaded'
     from generate_series(1, ${photos}) g`,
    // what autovacuum does after a bulk load on PostgreSQL (PGlite has none)
    'vacuum analyze',
  ];
};

/** Seeds the rows; throws unless the upload rows name the files `photoFiles` makes. */
export async function seedRows(database: Database, n: number, photos: number) {
  for (const statement of seedSql(n, photos)) await database.executeSql(statement);
  const { rows } = await database.executeSql(
    'select count(*)::int as n, max(stored_name) as last from uploaded_files',
  );
  const found = rows[0] as { n: number; last: string };
  const expected = photoFiles(photos).sort((a, b) => (a.storedName < b.storedName ? -1 : 1));
  if (found.n !== photos || found.last !== expected.at(-1)?.storedName) {
    throw new Error(`upload rows: ${found.n}, last ${found.last}: not the files written`);
  }
}

/** uid(table, g) of the SQL, in JavaScript. */
function uidOf(table: string, g: number) {
  const h = createHash('md5').update(`${table}${g}`).digest('hex');
  const v = `${h.slice(0, 12)}4${h.slice(13, 16)}8${h.slice(17)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20)}`;
}

/** The files the upload rows of `seedRows` name (the same on every database), with sizes. */
export const photoFiles = (photos: number) =>
  Array.from({ length: photos }, (_, i) => {
    const g = i + 1;
    const id = uidOf('f', g);
    const size = photoBytes.min + ((g * 7919) % (photoBytes.max - photoBytes.min + 1));
    return { storedName: `${id}.jpg`, thumbnailName: `${id}.webp`, size };
  });

/**
 * Writes each photo and thumbnail the rows name into `uploadsDir`, of random bytes (which gzip
 * cannot shrink, as it barely shrinks a JPEG or WebP); returns the bytes written.
 */
export async function writePhotos(uploadsDir: string, files: ReturnType<typeof photoFiles>) {
  await mkdir(join(uploadsDir, 'thumbnails'), { recursive: true });
  const queue = [...files];
  let bytes = 0;
  const writer = async () => {
    for (let file = queue.pop(); file; file = queue.pop()) {
      const thumbnail =
        thumbnailBytes.min + (file.size % (thumbnailBytes.max - thumbnailBytes.min));
      await writeFile(join(uploadsDir, file.storedName), randomBytes(file.size));
      await writeFile(join(uploadsDir, thumbnailKey(file.thumbnailName)), randomBytes(thumbnail));
      bytes += file.size + thumbnail;
    }
  };
  await Promise.all(Array.from({ length: 4 }, writer));
  return bytes;
}

/** Bytes of the regular files under `dir`; at its top level only the entries `keep` accepts. */
export async function bytesUnder(dir: string, keep: (name: string) => boolean = () => true) {
  let bytes = 0;
  for (const top of await readdir(dir, { withFileTypes: true })) {
    if (!keep(top.name)) continue;
    const path = join(dir, top.name);
    if (top.isFile()) bytes += (await stat(path)).size;
    if (!top.isDirectory()) continue;
    for (const entry of await readdir(path, { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) bytes += (await stat(join(entry.parentPath, entry.name))).size;
    }
  }
  return bytes;
}

/** The PGlite database in a data directory: PostgreSQL's own entries, not uploads/ or tmp/. */
export const pgliteDatabaseBytes = (dataDir: string) => bytesUnder(dataDir, isDatabaseEntry);
