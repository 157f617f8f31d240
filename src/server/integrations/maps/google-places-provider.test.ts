import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGooglePlacesProvider } from './google-places-provider';
import { MapsProviderError } from './maps-provider';

// The failure paths that the API test cannot afford to wait for (a 5 s time-out) or that need odd
// bodies; the API test covers the normal answers.
describe('Google Places provider failures', () => {
  let server: Server;
  let baseUrl: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url?.includes('input=hang')) return; // never answers
      if (req.url?.includes('input=http500')) return void res.writeHead(500).end('oops');
      if (req.url?.includes('input=html')) return void res.end('<html>not json</html>');
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ status: 'OK', predictions: [{ description: 'no id' }] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const provider = () =>
    createGooglePlacesProvider({ apiKey: 'secret-key', baseUrl, timeoutMs: 200 });

  it.each(['hang', 'http500', 'html', 'bad-shape'])(
    'treats %s as a provider failure',
    async (input) => {
      const failure = await provider()
        .suggest(input, {})
        .catch((err: unknown) => err);
      expect(failure).toBeInstanceOf(MapsProviderError);
      expect((failure as Error).message).not.toContain('secret-key');
    },
  );
});
