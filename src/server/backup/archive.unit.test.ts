import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { archiveWriter, readArchiveTar } from './archive-envelope';
import { ArchiveError, TarReader, tarEnd, tarHeader, tarPadding, writeTo } from './tar-stream';

// The archive's own tar and envelope: what goes in comes out, and any cut or change is an
// ArchiveError (never a partial read that looks whole).

const dir = await mkdtemp(join(tmpdir(), 'tintbook-archive-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

const files = [
  { name: 'database/postgres.dump', bytes: randomBytes(70_000) },
  { name: 'uploads/empty.pdf', bytes: Buffer.alloc(0) },
  { name: `uploads/thumbnails/${'a'.repeat(90)}.webp`, bytes: randomBytes(513) },
];

async function write(path: string, key?: Buffer) {
  const { tar, done } = archiveWriter(path, key);
  for (const file of files) {
    await writeTo(tar, tarHeader(file.name, file.bytes.length, new Date()));
    await writeTo(tar, file.bytes);
    await writeTo(tar, tarPadding(file.bytes.length));
  }
  tar.end(tarEnd());
  await done;
}

async function read(path: string, key?: Buffer) {
  const out = new Map<string, Buffer[]>();
  let current: Buffer[] = [];
  const reader = new TarReader({
    begin: (name) => out.set(name, (current = [])),
    data: (chunk) => current.push(Buffer.from(chunk)),
    end: () => {},
  });
  await readArchiveTar(path, key, (chunk) => reader.push(chunk));
  reader.finish();
  return new Map([...out].map(([name, parts]) => [name, Buffer.concat(parts)]));
}

describe.each([
  ['plain', undefined],
  ['encrypted', randomBytes(32)],
])('a %s archive', (_, key) => {
  const path = join(dir, `${_}.tbk`);

  it('gives back every file as written, and is owner-only', async () => {
    await write(path, key);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const back = await read(path, key);
    expect([...back.keys()]).toEqual(files.map((f) => f.name));
    for (const file of files) expect(back.get(file.name)).toEqual(file.bytes);
  });

  it('refuses it cut anywhere', async () => {
    const whole = await readFile(path);
    for (const fraction of [0.05, 0.3, 0.6, 0.9, 0.999]) {
      const cut = join(dir, `${_}-cut.tbk`);
      await writeFile(cut, whole.subarray(0, Math.floor(whole.length * fraction)));
      await expect(read(cut, key)).rejects.toThrow(ArchiveError);
    }
  });

  it('refuses it with one byte changed', async () => {
    const bytes = Buffer.from(await readFile(path));
    const at = Math.floor(bytes.length / 2);
    bytes[at] = (bytes[at] ?? 0) ^ 0x10;
    const changed = join(dir, `${_}-changed.tbk`);
    await writeFile(changed, bytes);
    await expect(read(changed, key)).rejects.toThrow(ArchiveError);
  });
});

it('names a wrong or missing key before decrypting anything', async () => {
  const path = join(dir, 'keyed.tbk');
  await write(path, randomBytes(32));
  await expect(read(path, randomBytes(32))).rejects.toThrow(/another key/);
  await expect(read(path)).rejects.toThrow(/encrypted: set BACKUP_ENCRYPTION_KEY/);
});
