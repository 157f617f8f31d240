import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// The server runs from src/ (tsx, tests) and from the dist/ bundle; both find files from the
// package root, whatever the working directory.
function findPackageRoot(from: string): string {
  let dir = from;
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No package.json above ${from}`);
    dir = parent;
  }
  return dir;
}

export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
export const migrationsDir = join(packageRoot, 'drizzle');
export const webDistDir = join(packageRoot, 'dist', 'web');
