import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

// Text formats worth compressing; images and fonts are compressed formats already.
const compressible = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
// Below this a compressed copy saves too little to be worth a second file. Low enough for the
// render-blocking theme-init.js (482 bytes, 236 in brotli): on the first screen every byte counts.
const minBytes = 256;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

/**
 * Writes `file.br` (quality 11) and `file.gz` (level 9) beside every text file of the build, once,
 * at build time: the server sends these as they are (@fastify/static `preCompressed`), so no
 * request pays for compressing, and brotli can use its slowest, smallest setting.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tintbook:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((f) => compressible.test(f));
      await Promise.all(
        files.map(async (file) => {
          if ((await stat(file)).size < minBytes) return;
          const bytes = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipAsync(bytes, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          // a copy no smaller than the file would only cost a lookup
          if (br.length < bytes.length) await writeFile(`${file}.br`, br);
          if (gz.length < bytes.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}
