import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

// Issue 30: the business's own website, on another origin of this machine: a page with the
// snippet of Settings → "Your website", inline (/inline), as a pop-up button (/popup), or two of
// each with the snippet pasted twice (/several). It
// keeps a dataLayer, as a page with Google's tag does, and the `tintbook:booked` messages it got
// from the app's origin.

export interface HostSite {
  port: number;
  close(): Promise<void>;
}

const embedScript = (appOrigin: string) => `<script async src="${appOrigin}/embed.js"></script>`;

const page = (appOrigin: string, body: string) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Example Tinting</title>
    <script>
      window.dataLayer = [];
      window.bookedMessages = [];
      addEventListener('message', (event) => {
        if (event.origin === ${JSON.stringify(appOrigin)} && event.data?.type === 'tintbook:booked') {
          window.bookedMessages.push(event.data);
        }
      });
    </script>
    ${embedScript(appOrigin)}
  </head>
  <body>
    <main>
      <h1>Example Tinting</h1>
      <p>Window tinting for homes and businesses.</p>
      ${body.replaceAll('{embed.js}', embedScript(appOrigin))}
      <p style="height: 150vh">About us.</p>
    </main>
  </body>
</html>`;

const bodies: Record<string, string> = {
  '/inline': '<h2>Book online</h2><div data-tintbook-booking></div>',
  '/popup': '<button type="button" data-tintbook-popup>Book a consultation</button>',
  // two of each, and the snippet pasted twice: the script loads a second time
  // (the buttons first: the frames below them grow to their content while the page is used)
  '/several': `<button type="button" data-tintbook-popup>Book a consultation</button>
    <button type="button" data-tintbook-popup>Book now</button>
    <div data-tintbook-booking></div><div data-tintbook-booking></div>{embed.js}`,
};

/** Serves the pages on every loopback address (localhost and 127.0.0.1 are two origins). */
export async function startHostSite(port: number, appOrigin: string): Promise<HostSite> {
  const server = createServer((request, response) => {
    const body = bodies[new URL(request.url ?? '/', 'http://host').pathname];
    response.writeHead(body ? 200 : 404, { 'content-type': 'text/html; charset=utf-8' });
    response.end(body ? page(appOrigin, body) : 'Not found');
  });
  await new Promise<void>((resolve) => server.listen(port, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
