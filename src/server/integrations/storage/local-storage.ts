import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type FileStorage } from './file-storage';

/** Files under one folder on this machine (`<DATA_DIR>/uploads`). */
export function createLocalStorage(root: string): FileStorage {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return join(root, key);
  };

  return {
    kind: 'local',
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // written beside the target and renamed: a reader never sees half a file
      const partial = `${target}.${randomUUID()}.partial`;
      try {
        await pipeline(body, createWriteStream(partial, { flags: 'wx' }));
        await rename(partial, target);
      } catch (err) {
        await rm(partial, { force: true });
        throw err;
      }
      return { url: null };
    },
    async get(key) {
      const stream = createReadStream(pathOf(key));
      // open errors (missing file) arrive as an event: wait for the file to open first
      return new Promise<Readable | null>((resolve, reject) => {
        stream.once('ready', () => resolve(stream));
        stream.once('error', (err: NodeJS.ErrnoException) =>
          err.code === 'ENOENT' ? resolve(null) : reject(err),
        );
      });
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
