import { mkdir, readdir, rm, chmod } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { connect } from 'node:net';
import { isAbsolute, join } from 'node:path';
import type { Database } from '#server/db/client.ts';

// A running app on PGlite owns its data directory: no other process may open it. The backup
// command asks the app for a copy over a Unix socket in that directory (owner-only, so whoever
// may use it could read the directory anyway), and the app copies its database files between
// two transactions (ADR 056).

export const socketPathOf = (dataDir: string) => join(dataDir, '.backup.sock');

interface Log {
  info(message: string): void;
  warn(message: string): void;
}

/** Answers POST /snapshot {"into": "<empty folder>"} on the socket until `close`. */
export async function serveSnapshots(database: Database, dataDir: string, log: Log) {
  const { copyDataDir } = database;
  if (!copyDataDir) return { close: async () => {} };
  const path = socketPathOf(dataDir);
  await rm(path, { force: true }); // left by a process that did not stop cleanly
  const server = createServer((req, res) => {
    const answer = (status: number, body: object) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.method !== 'POST' || req.url !== '/snapshot') return answer(404, {});
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      void (async () => {
        try {
          const { into } = JSON.parse(body) as { into?: unknown };
          if (typeof into !== 'string' || !isAbsolute(into)) throw new Error('into: a folder');
          await mkdir(into, { recursive: true, mode: 0o700 });
          if ((await readdir(into)).length > 0) throw new Error(`${into} is not empty`);
          const started = performance.now();
          const files = await copyDataDir(into);
          const ms = Math.round(performance.now() - started);
          log.info(`backup: copied ${files} database files in ${ms} ms`);
          answer(200, { files, ms });
        } catch (err) {
          answer(400, { error: (err as Error).message });
        }
      })();
    });
  });
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (err) => {
      log.warn(`backup: no snapshot socket at ${path} (${err.message}); stop the app to back up`);
      resolve(false);
    });
    server.listen(path, () => resolve(true));
  });
  if (listening) await chmod(path, 0o600);
  return {
    close: async () => {
      if (!listening) return;
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(path, { force: true });
    },
  };
}

/**
 * Asks the app serving `dataDir` to copy its database into `into`: 'not-running' when no app
 * answers (then nothing writes the directory and it may be copied as it is).
 */
export function requestSnapshot(dataDir: string, into: string): Promise<'copied' | 'not-running'> {
  return new Promise((resolve, reject) => {
    const req = request(
      { socketPath: socketPathOf(dataDir), path: '/snapshot', method: 'POST' },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => {
          if (res.statusCode === 200) return resolve('copied');
          const error = (JSON.parse(body || '{}') as { error?: string }).error;
          reject(
            new Error(`the running app could not copy its database: ${error ?? res.statusCode}`),
          );
        });
      },
    );
    req.once('error', (err: NodeJS.ErrnoException) =>
      err.code === 'ENOENT' || err.code === 'ECONNREFUSED' ? resolve('not-running') : reject(err),
    );
    req.end(JSON.stringify({ into }));
  });
}

/** Whether an app answers on the snapshot socket of `dataDir` (a restore must not run under it). */
export function appIsServing(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(socketPathOf(dataDir));
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}
