import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

// Bytes straight onto a socket of a listening app: app.inject skips Node's HTTP parser, and the
// refusals under test (bad encoding, huge headers, broken chunking) happen there.

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Listens on a free port of 127.0.0.1 (after createTestApp's ready) and returns the port. */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

interface Reading {
  answer: RawAnswer | null;
  /** The whole answer is in: its length says so (no need to wait for the server to close). */
  complete: boolean;
}

function readAnswer(text: string, isHead: boolean): Reading {
  // interim answers (100 Continue) come before the one that counts
  const raw = text.replace(/^(HTTP\/1\.1 1\d\d [^\r]*\r\n(?:[^\r]+\r\n)*\r\n)+/, '');
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) return { answer: null, complete: false };
  const [statusLine = '', ...lines] = raw.slice(0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const status = Number(statusLine.split(' ')[1]);
  const rest = raw.slice(end + 4);
  if (isHead || status === 204 || status === 304) {
    return { answer: { status, headers, body: '' }, complete: true };
  }
  if (headers['transfer-encoding'] === 'chunked') {
    const complete = /(^|\r\n)0\r\n\r\n$/.test(rest);
    return { answer: { status, headers, body: complete ? unchunk(rest) : rest }, complete };
  }
  const length = headers['content-length'];
  if (length === undefined) return { answer: { status, headers, body: rest }, complete: false };
  const body = rest.slice(0, Number(length));
  return { answer: { status, headers, body }, complete: rest.length >= Number(length) };
}

function unchunk(text: string): string {
  let out = '';
  let rest = text;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (!size) return out;
    out += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

export interface SendOptions {
  /** Rejects when there is neither a whole answer nor a closed connection by then. */
  timeoutMs?: number;
  /**
   * Silence after which the client stops sending (half-closes), as a client that gives up on an
   * incomplete request does. Not sooner than the slowest answer expected: Node drops a request
   * whose client has finished sending before it was answered.
   */
  idleMs?: number;
}

/**
 * Sends `request` as is and reads the first answer. null when the server closed without a word;
 * rejects when it neither answers nor closes within the timeout.
 */
export function sendRaw(
  port: number,
  request: string | Buffer,
  { timeoutMs = 5000, idleMs = 1000 }: SendOptions = {},
): Promise<RawAnswer | null> {
  const isHead = Buffer.from(request.slice(0, 5)).toString('latin1') === 'HEAD ';
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1' });
    const chunks: Buffer[] = [];
    const read = () => readAnswer(Buffer.concat(chunks).toString('latin1'), isHead);
    const timers = [
      setTimeout(() => socket.end(), idleMs),
      setTimeout(() => {
        socket.destroy();
        reject(new Error(`no answer within ${timeoutMs} ms and the connection stayed open`));
      }, timeoutMs),
    ];
    const finish = () => {
      timers.forEach(clearTimeout);
      socket.destroy();
      resolve(read().answer);
    };
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      if (read().complete) finish();
    });
    socket.on('end', finish);
    socket.on('close', finish);
    // the server may close while we are still writing (a refusal mid-request)
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNRESET' || err.code === 'EPIPE') finish();
      else reject(err);
    });
    socket.write(request);
  });
}

/** A whole request with `Host` and `Connection: close`; `head` is the request line and headers. */
export function httpRequest(head: string, body = ''): string {
  return `${head}\r\nHost: localhost\r\nConnection: close\r\n\r\n${body}`;
}

/**
 * A JSON POST from the app's own page whose chunked body is broken from the start (a chunk size
 * that is not hexadecimal): Node's parser answers 400 and closes the socket at once.
 */
export function brokenChunkedPost(path: string): string {
  return (
    `POST ${path} HTTP/1.1\r\nHost: localhost\r\nCookie: tb_staff=abc; x=y\r\nOrigin: http://localhost\r\n` +
    'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n'
  );
}
