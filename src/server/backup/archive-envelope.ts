import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { PassThrough, Transform, Writable, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { ArchiveError } from './tar-stream';

// The file around the tar: a header naming the format and, when encrypted, the key and the nonce;
// then the gzipped tar, encrypted with AES-256-GCM when a key is given (the header is the GCM
// additional data, so it cannot be changed either), and the 16-byte GCM tag last.

const magic = Buffer.from('TINTBOOK-BACKUP\n');
const version = 1;
const [plain, aesGcm] = [0, 1];
const keyIdBytes = 8;
const ivBytes = 12;
const tagBytes = 16;
const plainHeaderBytes = magic.length + 2;
const encryptedHeaderBytes = plainHeaderBytes + keyIdBytes + ivBytes;

/** Which key encrypted an archive, without revealing the key: a wrong key is named before reading. */
export const keyId = (key: Buffer) =>
  createHash('sha256').update('tintbook backup key id\0').update(key).digest().subarray(0, 8);

/**
 * Writes gzip(tar) to `path` (created owner-only, 0600), encrypted when `key` is given. Write the
 * tar into `tar` and end it; `done` resolves once the file is complete and flushed.
 */
export function archiveWriter(path: string, key: Buffer | undefined) {
  const tar = new PassThrough();
  const file = createWriteStream(path, { flags: 'wx', mode: 0o600 });
  // photos, most of the bytes, do not compress; database pages do nearly as well at level 1 as at
  // 6 (6.7 against 5.7 MB for a fresh 42 MB data directory) in two thirds of the time
  const gzip = createGzip({ level: 1 });
  if (!key) {
    file.write(Buffer.concat([magic, Buffer.from([version, plain])]));
    return { tar: tar as Writable, done: pipeline(tar, gzip, file) };
  }
  const iv = randomBytes(ivBytes);
  const header = Buffer.concat([magic, Buffer.from([version, aesGcm]), keyId(key), iv]);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(header);
  file.write(header);
  const sealed = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      callback(null, cipher.update(chunk));
    },
    flush(callback) {
      const last = cipher.final();
      callback(null, Buffer.concat([last, cipher.getAuthTag()]));
    },
  });
  return { tar: tar as Writable, done: pipeline(tar, gzip, sealed, file) };
}

async function readHeader(path: string, key: Buffer | undefined) {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(encryptedHeaderBytes);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const { size } = await handle.stat();
    if (bytesRead < plainHeaderBytes || !head.subarray(0, magic.length).equals(magic)) {
      throw new ArchiveError('this is not a TintBook backup (it does not start as one)');
    }
    if (head[magic.length] !== version) {
      throw new ArchiveError(
        `a backup of format ${head[magic.length]}, which this version cannot read`,
      );
    }
    if (head[magic.length + 1] === plain)
      return { header: head.subarray(0, plainHeaderBytes), size };
    if (head[magic.length + 1] !== aesGcm || bytesRead < encryptedHeaderBytes) {
      throw new ArchiveError('the archive header is damaged');
    }
    if (!key) {
      throw new ArchiveError('this backup is encrypted: set BACKUP_ENCRYPTION_KEY to its key');
    }
    const header = head.subarray(0, encryptedHeaderBytes);
    const id = header.subarray(plainHeaderBytes, plainHeaderBytes + keyIdBytes);
    if (!id.equals(keyId(key))) {
      throw new ArchiveError(
        `this backup was encrypted with another key (key id ${id.toString('hex')}, BACKUP_ENCRYPTION_KEY has ${keyId(key).toString('hex')})`,
      );
    }
    return { header, size };
  } finally {
    await handle.close();
  }
}

/**
 * Reads the tar inside the archive at `path`, giving each piece to `onChunk`. Decrypted bytes
 * arrive before the GCM tag is checked at the end: a caller writes nothing until this resolves.
 * Rejects with an ArchiveError that says what is wrong.
 */
export async function readArchiveTar(
  path: string,
  key: Buffer | undefined,
  onChunk: (chunk: Buffer) => void,
): Promise<void> {
  const { header, size } = await readHeader(path, key);
  const encrypted = header.length === encryptedHeaderBytes;
  if (encrypted && size < header.length + tagBytes) {
    throw new ArchiveError('the archive is cut short (truncated)');
  }
  const stages: (Readable | Transform)[] = [createReadStream(path, { start: header.length })];
  if (encrypted && key) stages.push(decrypting(key, header));
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      try {
        onChunk(chunk);
        callback();
      } catch (err) {
        callback(err as Error);
      }
    },
  });
  try {
    await pipeline([...stages, createGunzip(), sink]);
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    throw new ArchiveError(`the archive is damaged or cut short (${(err as Error).message})`);
  }
}

function decrypting(key: Buffer, header: Buffer): Transform {
  const iv = header.subarray(plainHeaderBytes + keyIdBytes);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(header);
  let tail = Buffer.alloc(0); // the last 16 bytes seen are the tag, not ciphertext
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const all = Buffer.concat([tail, chunk]);
      tail = all.subarray(Math.max(0, all.length - tagBytes));
      callback(null, decipher.update(all.subarray(0, all.length - tail.length)));
    },
    flush(callback) {
      try {
        decipher.setAuthTag(tail);
        callback(null, decipher.final());
      } catch {
        const message =
          'the archive fails its authentication check: it was changed or cut short after it was written';
        callback(new ArchiveError(message));
      }
    },
  });
}
