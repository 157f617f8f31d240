import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { packageRoot } from '#server/lib/package-root.ts';

/**
 * Builds the app as `npm start` would, unless dist/ is current (scripts/build-stamp.js). The test
 * files that start the built app run in parallel workers: one build at a time (flock on a lock
 * file of this checkout), so two never write dist/ at once; the second finds it current.
 */
export function buildIfChanged(): void {
  const lock = join(
    tmpdir(),
    `tintbook-build-${createHash('sha1').update(packageRoot).digest('hex')}.lock`,
  );
  const build = spawnSync(
    'flock',
    [lock, 'sh', '-c', 'node scripts/build-stamp.js check || npm run build'],
    { cwd: packageRoot, encoding: 'utf8' },
  );
  if (build.status !== 0) throw new Error(`npm run build failed:\n${build.stdout}${build.stderr}`);
}
