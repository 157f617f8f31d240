import { createReadStream, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

// A plain static file server, as any static host is: the demo build (dist-demo) and nothing
// else. No API: a path under /api answers 404 like any missing file. Routes of the app that are
// not files get index.html (what `npx serve dist-demo` does with the build's serve.json).

const root = join(import.meta.dirname, '..', '..', 'dist-demo');
const port = Number(process.env.PORT ?? 3206);
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

const isFile = (path: string) => {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
};

createServer((req, res) => {
  const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
  let file = normalize(join(root, pathname));
  if (!file.startsWith(root)) file = '';
  if (!isFile(file)) {
    // a file-like or API path that is not there is missing; a page route is the SPA
    const missing = pathname.startsWith('/api/') || extname(pathname) !== '';
    if (missing) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    file = join(root, 'index.html');
  }
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
}).listen(port, '127.0.0.1');
