import { createHash, type Hash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readArchiveTar } from './archive-envelope';
import {
  databaseDigestLine,
  isArchivePath,
  manifestPath,
  manifestSchema,
  type Manifest,
} from './manifest';
import { ArchiveError, TarReader } from './tar-stream';

const manifestLimit = 256 * 1024 * 1024;

export async function sha256OfFile(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest('hex');
}

/**
 * Reads the whole archive without writing anything: decrypts and authenticates it, checks the
 * manifest and that every entry is there with its size and sha256, and nothing else is. Throws an
 * ArchiveError naming the first problem; returns the manifest and the archive file's own sha256
 * (the restore checks the file is still that one before it writes).
 */
export async function verifyArchive(path: string, key: Buffer | undefined) {
  const seen = new Map<string, { size: number; sha256: string }>();
  let current: { name: string; size: number; hash: Hash; bytes?: Buffer[] } | undefined;
  let manifestText: string | undefined;
  let afterManifest = false;
  const reader = new TarReader({
    begin(name, size) {
      if (afterManifest) throw new ArchiveError(`an entry after the manifest: ${name}`);
      if (seen.has(name)) throw new ArchiveError(`the archive holds ${name} twice`);
      const isManifest = name === manifestPath;
      if (!isManifest && !isArchivePath(name))
        throw new ArchiveError(`an unexpected entry ${name}`);
      if (isManifest && size > manifestLimit) throw new ArchiveError('the manifest is too large');
      current = { name, size, hash: createHash('sha256'), ...(isManifest && { bytes: [] }) };
    },
    data(chunk) {
      current?.hash.update(chunk);
      current?.bytes?.push(Buffer.from(chunk));
    },
    end() {
      if (!current) return;
      seen.set(current.name, { size: current.size, sha256: current.hash.digest('hex') });
      if (current.bytes) {
        manifestText = Buffer.concat(current.bytes).toString('utf8');
        afterManifest = true;
      }
      current = undefined;
    },
  });
  const fileSha256 = await sha256OfFile(path);
  await readArchiveTar(path, key, (chunk) => reader.push(chunk));
  reader.finish();
  if (manifestText === undefined)
    throw new ArchiveError('the archive has no manifest (truncated?)');
  let parsed: ReturnType<typeof manifestSchema.safeParse>;
  try {
    parsed = manifestSchema.safeParse(JSON.parse(manifestText));
  } catch {
    throw new ArchiveError('the manifest is not valid JSON');
  }
  if (!parsed.success) throw new ArchiveError(`the manifest is not valid: ${parsed.error.message}`);
  const manifest: Manifest = parsed.data;
  seen.delete(manifestPath);
  for (const entry of manifest.entries) {
    const found = seen.get(entry.path);
    if (!found) throw new ArchiveError(`${entry.path} is missing from the archive`);
    if (found.size !== entry.size || found.sha256 !== entry.sha256) {
      throw new ArchiveError(`${entry.path} does not match its checksum in the manifest`);
    }
    seen.delete(entry.path);
  }
  const extra = [...seen.keys()][0];
  if (extra) throw new ArchiveError(`${extra} is in the archive but not in its manifest`);
  const databaseEntries = manifest.entries.filter((entry) => entry.path.startsWith('database/'));
  const databaseSha256 = createHash('sha256')
    .update(databaseEntries.map(databaseDigestLine).join(''))
    .digest('hex');
  if (databaseEntries.length === 0 || databaseSha256 !== manifest.database.sha256) {
    throw new ArchiveError('the database part does not match its checksum in the manifest');
  }
  return { manifest, fileSha256 };
}
