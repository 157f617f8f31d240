// Test helper: the HTTP side of the protocol receivers (webhook, GA4, job tracker). It reads
// each request whole, lets a test script answers (a status, a delay) ahead of the protocol's
// own, and can stop and come back on the same port so an outage test sees refused connections.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Answer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** A scripted answer; without a status the protocol answers after the delay (a slow receiver). */
export interface ScriptedAnswer {
  status?: number;
  headers?: Record<string, string>;
  body?: string;
  delayMs?: number;
}

export type ProtocolHandler = (request: ReceivedRequest) => Answer;

export interface HttpReceiver {
  /** http://<host>:<port>, the same across stop() and restart(). */
  readonly origin: string;
  readonly port: number;
  /** Every request that reached the server, scripted answers included. */
  readonly requestCount: number;
  /** The next `times` requests get this answer (all of them when times is omitted). */
  answer(answer: ScriptedAnswer, times?: number): void;
  /** Back to the protocol's own answers. */
  clearAnswers(): void;
  /** Closes the port: connections are refused until restart(). */
  stop(): Promise<void>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startHttpReceiver(
  handle: ProtocolHandler,
  // a fixed port for a server configured before the receiver starts (the e2e server's GA4 endpoint)
  { host = '127.0.0.1', port: fixedPort = 0 }: { host?: string; port?: number } = {},
): Promise<HttpReceiver> {
  const script: { answer: ScriptedAnswer; remaining: number }[] = [];
  let requestCount = 0;
  let server: Server | undefined;

  const nextScripted = (): ScriptedAnswer | undefined => {
    const entry = script[0];
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining <= 0) script.shift();
    return entry.answer;
  };

  const listen = (port: number) =>
    new Promise<Server>((resolve, reject) => {
      const created = createServer((req, res) => {
        const chunks: Buffer[] = [];
        req.on('data', (chunk: Buffer) => chunks.push(chunk));
        req.on('end', () => {
          requestCount += 1;
          const scripted = nextScripted();
          const reply = () => {
            const request: ReceivedRequest = {
              method: req.method ?? 'GET',
              url: new URL(req.url ?? '/', 'http://receiver.test'),
              headers: req.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            };
            const answer: Answer =
              scripted?.status === undefined
                ? handle(request)
                : { ...scripted, status: scripted.status };
            if (res.destroyed) return;
            res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
          };
          if (scripted?.delayMs) setTimeout(reply, scripted.delayMs);
          else reply();
        });
      });
      created.once('error', reject);
      created.listen(port, host, () => resolve(created));
    });

  server = await listen(fixedPort);
  const { port } = server.address() as AddressInfo;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const stop = async () => {
    const closing = server;
    server = undefined;
    if (!closing) return;
    const closed = new Promise((resolve) => closing.close(resolve));
    closing.closeAllConnections(); // keep-alive sockets too, so the next request is refused
    await closed;
  };

  return {
    origin,
    port,
    get requestCount() {
      return requestCount;
    },
    answer(answer, times = Number.POSITIVE_INFINITY) {
      script.push({ answer, remaining: times });
    },
    clearAnswers() {
      script.length = 0;
    },
    stop,
    async restart() {
      server ??= await listen(port);
    },
    close: stop,
  };
}

/** Resolves once check() returns a value, polling; rejects after timeoutMs naming what it waited for. */
export async function waitUntil<T>(
  check: () => T | undefined,
  timeoutMs: number,
  what: () => string,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
