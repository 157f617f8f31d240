// `npm start`: builds only when the sources changed since the last build (scripts/build-stamp.js),
// then runs the built server in this same process. The production path stays
// `npm run build` once, then `node dist/server/main.js`.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIsCurrent } from './build-stamp.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

if (!buildIsCurrent()) {
  console.log('The sources changed since the last build (or there is none): building first.');
  const build = spawnSync('npm run build', { cwd: root, stdio: 'inherit', shell: true });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

await import(pathToFileURL(join(root, 'dist', 'server', 'main.js')).href);
