import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join, relative, resolve } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Moves the web build's source maps out of the directory the server publishes, to `mapsDir`:
 * they hold the whole source (1.8 MB for the entry alone) and are for us, not for visitors. Pair
 * with `build.sourcemap: 'hidden'`, so no script names a map the server will not send.
 */
export function privateSourceMaps(mapsDir: string): Plugin {
  let outDir = '';
  return {
    name: 'tintbook:private-source-maps',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await rm(mapsDir, { recursive: true, force: true });
      const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
      for (const entry of entries.filter((e) => e.isFile() && e.name.endsWith('.map'))) {
        const from = join(entry.parentPath, entry.name);
        const to = join(mapsDir, relative(outDir, from));
        await mkdir(dirname(to), { recursive: true });
        await rename(from, to);
      }
    },
  };
}
