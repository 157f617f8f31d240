// The build's stamp: a hash of everything the build reads, written into dist/ when a build ends
// well, so `npm start` can skip building when nothing changed (scripts/start.js). Plain
// JavaScript, run by node itself: checking must cost less than a second of start-up.
//
//   node scripts/build-stamp.js begin   before building: hash the sources, forget the old stamp
//   node scripts/build-stamp.js done    after a build that succeeded: that hash is now the stamp
//   node scripts/build-stamp.js check   exits 0 when dist/ is current, 1 when a build is due
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(root, 'dist');
const stampFile = join(distDir, 'build-stamp.txt');
const pendingFile = join(distDir, 'build-stamp.pending');

// What `vite build` and `npm run build:server` read. Tests are never built; drizzle/ migrations
// are read at run time, not bundled.
const inputDirs = ['src', 'scripts'];
const inputFiles = ['package.json', 'package-lock.json', 'tsconfig.json', 'vite.config.ts'];
const notBuilt = /\.test\.tsx?$/;
/** Without these the stamp means nothing (a half-deleted dist/). */
const outputs = ['dist/web/index.html', 'dist/server/main.js'];

function filesUnder(dir) {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && !notBuilt.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)));
}

/** A hash of every input's path and content (content, not times: a checkout that changes
 * nothing, or a touch, does not cost a build). */
export function sourceHash() {
  const hash = createHash('sha256');
  const files = [...inputDirs.flatMap(filesUnder), ...inputFiles].sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(root, file)));
    hash.update('\0');
  }
  // VITE_* variables are baked into the web build
  const viteEnv = Object.entries(process.env).filter(([key]) => key.startsWith('VITE_'));
  hash.update(JSON.stringify(viteEnv.sort()));
  return hash.digest('hex');
}

/** True when dist/ was built from exactly the sources present now. */
export function buildIsCurrent() {
  if (!existsSync(stampFile) || !outputs.every((file) => existsSync(join(root, file)))) {
    return false;
  }
  return readFileSync(stampFile, 'utf8').trim() === sourceHash();
}

function begin() {
  mkdirSync(distDir, { recursive: true });
  rmSync(stampFile, { force: true });
  // hashed before building: a file saved during the build makes the next start build again
  writeFileSync(pendingFile, `${sourceHash()}\n`);
}

function done() {
  renameSync(pendingFile, stampFile);
}

const command = process.argv[2];
if (fileURLToPath(import.meta.url) === process.argv[1]) {
  if (command === 'begin') begin();
  else if (command === 'done') done();
  else if (command === 'check') process.exitCode = buildIsCurrent() ? 0 : 1;
  else {
    console.error('usage: node scripts/build-stamp.js begin|done|check');
    process.exit(2);
  }
}
