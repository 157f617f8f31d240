import { spawn } from 'node:child_process';
import { packageRoot } from '#server/lib/package-root.ts';

const readyLine = /TintBook is ready at (http:\/\/\S+)/;

/**
 * Starts `src/server/main.ts` as its own process with these settings (PORT=0: the system picks a
 * free port); or, with `entry: 'dist/server/main.js'`, the built server as production runs it.
 * `ready` resolves with the URL from the "ready" log line, however long a busy machine takes to
 * get there, and rejects if the process exits first; no fixed wait anywhere.
 */
export function startServerProcess(
  env: Record<string, string>,
  {
    entry = 'src/server/main.ts',
    ready: readyPattern = readyLine,
  }: {
    entry?: string;
    /** The log line that says it is ready (the worker's differs). */ ready?: RegExp;
  } = {},
) {
  const args = entry.endsWith('.ts') ? ['--import', 'tsx', entry] : [entry];
  const child = spawn(process.execPath, args, {
    cwd: packageRoot,
    // eslint-disable-next-line no-restricted-properties -- the child needs PATH; its settings are ours
    env: { PATH: process.env.PATH, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const ready = new Promise<string>((resolve, reject) => {
    const collect = (chunk: unknown) => {
      output += String(chunk);
      const match = readyPattern.exec(output);
      if (match) resolve(match[1] ?? match[0]);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then((code) =>
      reject(new Error(`the server exited (${code}) before it was ready:\n${output}`)),
    );
  });
  return { child, ready, exited, output: () => output };
}
