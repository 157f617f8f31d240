// The section bench/backup.ts writes in docs/benchmarks.md.
import { cpus } from 'node:os';
import type { Result } from './backup';
import { machine } from './results';

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** What the run was given, for the text. */
export interface Setup {
  leads: number;
  photos: number;
  photoBytes: number;
  staffCounts: Record<Result['driver'], number>;
  backupAfter: number;
  warmUpSeconds: number;
  maxLoadSeconds: number;
  loadBefore: number;
  loadAfter: number;
}

/** The section of docs/benchmarks.md. */
export function report(results: Result[], setup: Setup) {
  const { backupAfter, maxLoadSeconds, loadBefore, loadAfter, photoBytes } = setup;
  const sizeRows = results.map(
    (r) =>
      `| ${r.driver} | ${mb(r.databaseBytes)}${r.walBytes ? ` (WAL ${mb(r.walBytes)})` : ''} | ${mb(r.uploadsBytes)} | ${mb(r.idle.bytes)} | ${s(r.idle.ms)} (${s(r.idle.own)}) | ${s(r.loaded.ms)} | ${r.idleCopy ? `${r.idleCopy.ms} ms (${r.idleCopy.files} files)` : '—'} |`,
  );
  const row = (r: Result, what: string, run: Result['without']) =>
    `| ${r.driver} | ${what} | ${run.ok} | ${run.other} | ${run.p50} ms | ${run.p99} ms | ${run.max} ms |`;
  const loadRows = results.flatMap((r) => [
    row(r, `${r.rate}/s for ${r.loadSeconds} s, no backup`, r.without),
    row(
      r,
      `${r.rate}/s for ${r.loadSeconds} s, backup from ${backupAfter} s` +
        (r.covered < 1 ? ` (the run covered ${Math.round(r.covered * 100)} % of it)` : ''),
      r.withBackup,
    ),
  ]);
  const pglite = results.find((r) => r.driver === 'pglite');
  const busy = Math.max(loadBefore, loadAfter) > 1;
  // the archive's bytes over the CLI's own time: the files' reading, hashing and gzip set it
  const rates = results
    .map((r) => `${r.driver} ${Math.round(r.idle.bytes / 1024 / 1024 / (r.idle.own / 1000))} MB/s`)
    .join(', ');
  return `## Backup: time, size, and bookings during one (issue 31)

${machine()}, ${cpus().length} cores. \`npx tsx bench/backup.ts\`. 1-minute load average
${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after${busy ? ': the two cores are shared with other\nagents’ work, which ran meanwhile, so the times are upper figures' : ''}.

**Seeded** per database, by bulk \`INSERT … SELECT\` after the app's migrations (as
\`bench/leads.ts\` seeds): ${setup.leads.toLocaleString('en-AU')} customers, sessions and leads,
a booking for one lead in five, a staff note for one in two, and
${setup.photos.toLocaleString('en-AU')} \`uploaded_files\` rows, then \`VACUUM ANALYZE\`; then the
booking bench's consultants (${results.map((x) => `${x.driver} ${setup.staffCounts[x.driver]}`).join(', ')}) with a lead and an unexpired hold for
every slot of 31 days (\`prepareBookings\` of \`bench/booking-load.ts\`). **Photos**: for each row, the files an upload
leaves in \`DATA_DIR/uploads\`: \`<id>.jpg\` of 200–400 KB and \`thumbnails/<id>.webp\` of
10–20 KB, of **random bytes** (${mb(photoBytes)} in all), which gzip cannot shrink, as it barely
shrinks a JPEG. Real phone photos are re-encoded at full size (JPEG quality 90, often 1–4 MB),
so a real 10,000 photos may be several times these bytes: the files' part of the backup grows
in proportion.

**Timed**: the real server (\`node dist/server/main.js\`, production config, message worker off)
on the seeded data; \`npm run backup -- --out <file>\` run beside it, end to end (npm and tsx
start-up included; the CLI's own figure in brackets), with the app idle and again during the
bookings below. On PGlite the CLI asks the app over \`DATA_DIR/.backup.sock\` to copy its
database files (CHECKPOINT, then PGlite's locks held for the copy: every request waits), then
archives, hashes and gzips in its own process; the app's log gives how long the copy held it.
On PostgreSQL it is \`pg_dump --format=custom\` on an exported snapshot. The database size:
PGlite's files in \`DATA_DIR\` (uploads aside), or \`pg_database_size\`.

| driver | database | uploads | archive | backup, idle app | backup, during bookings | PGlite copy (requests held) |
| --- | ---: | ---: | ---: | ---: | ---: | ---: |
${sizeRows.join('\n')}

The archive is written at about ${rates} (its size over the CLI's own time): reading,
hashing and gzipping the photos in the CLI's one process is most of a backup's time, and it
grows with their bytes (photos of 2 MB each would make it about seven times as long). The
database's part is the rest; on PGlite the only moment requests wait is the copy.${
    pglite?.walBytes
      ? ` PGlite's
files include its WAL (\`pg_wal\`, ${mb(pglite.walBytes)}): after the bulk load PostgreSQL keeps
recycled segments up to \`max_wal_size\` (its default, 1 GB, which PGlite keeps) and the copy
takes them whole, though only the segments from the last checkpoint on are needed to start it;
without them the database's part, and the copy that holds the app, would be about
${mb(pglite.databaseBytes - pglite.walBytes)}.`
      : ''
  }

**Bookings during a backup**: \`POST /api/bookings\` offered at an even rate (PGlite 10 a second,
PostgreSQL 50), each its own prepared hold (\`pacedLoad\` of \`bench/booking-load.ts\`: a
latency counts from the booking's due time, so waiting behind a held app counts), for as long as
the idle backup took plus ${backupAfter + 5} s (at most ${maxLoadSeconds} s, and within the
holds prepared), after ${setup.warmUpSeconds} s of the same to warm up; first without a backup,
then the same with \`npm run backup\` started ${backupAfter} s in (a run shorter than the backup
covers its start, the copy included, and not its last files).

| driver | run | 2xx | other | p50 | p99 | max (longest wait) |
| --- | --- | ---: | --- | ---: | ---: | ---: |
${loadRows.join('\n')}
${
  pglite?.loadedCopy
    ? `\nOn PGlite the copy during the bookings held the app ${pglite.loadedCopy.ms} ms (${pglite.loadedCopy.files} files, its CHECKPOINT
included); the longest booking waited ${pglite.withBackup.max} ms (${pglite.without.max} ms without a backup)${pglite.withBackup.other === 'none' ? ', and none was refused' : ''}. The
bookings due during the hold (at ${pglite.rate} a second about ${Math.round((pglite.rate * pglite.loadedCopy.ms) / 1000)}) wait behind it, which
is what moves the p99.`
    : ''
}`;
}
