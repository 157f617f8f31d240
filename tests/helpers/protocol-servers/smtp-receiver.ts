// Test helper: a real SMTP server (smtp-server) on 127.0.0.1 that parses every message it accepts
// with mailparser. It can refuse with a chosen SMTP reply, and stop and come back on the same
// port, so an outage looks to the mailer exactly as a mail server going away does.
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import {
  SMTPServer,
  type SMTPServerDataStream,
  type SMTPServerOptions,
  type SMTPServerSession,
} from 'smtp-server';
import { waitUntil } from './http-receiver';

export interface ReceivedMail {
  envelope: { from: string; to: string[] };
  /** The AUTH user the client signed in as, if it did. */
  user: string | undefined;
  parsed: ParsedMail;
  raw: string;
}

export interface SmtpReceiverOptions {
  /** When set, AUTH is required and checked (535 for other credentials). */
  auth?: { user: string; pass: string };
}

/** Where a refusal is given: to the recipient (RCPT TO) or after the message body (DATA). */
export type RefusalStage = 'rcpt' | 'data';

export interface SmtpReceiver {
  host: string;
  port: number;
  /** smtp://host:port (with the credentials when auth is configured). */
  url: string;
  messages: ReceivedMail[];
  /** Resolves the messages once `count` have arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Refuse with this reply code (e.g. 550, 451) from now on, or `times` times; undefined accepts again. */
  answerWith(code: number | undefined, options?: { stage?: RefusalStage; times?: number }): void;
  /** Stops listening and drops open connections: connecting is refused until restart(). */
  stop(): Promise<void>;
  /** Listens again on the same port. */
  restart(): Promise<void>;
}

const replyText: Record<number, string> = {
  421: 'Service not available, closing channel',
  450: 'Mailbox unavailable, try again later',
  451: 'Local error in processing, try again later',
  452: 'Insufficient system storage',
  550: 'Mailbox unavailable',
  552: 'Message size exceeds limit',
  553: 'Mailbox name not allowed',
  554: 'Transaction failed',
};

function smtpError(code: number): Error {
  return Object.assign(new Error(replyText[code] ?? `Refused with ${code}`), {
    responseCode: code,
  });
}

async function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startSmtpReceiver(options: SmtpReceiverOptions = {}): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  let refusal: { code: number; stage: RefusalStage; times: number } | undefined;

  const refuseNow = (stage: RefusalStage): Error | undefined => {
    if (!refusal || refusal.stage !== stage || refusal.times <= 0) return undefined;
    refusal.times -= 1;
    return smtpError(refusal.code);
  };

  const serverOptions: SMTPServerOptions = {
    logger: false,
    // plain SMTP on loopback: no certificate to make, and AUTH allowed without TLS
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: !options.auth,
    // stop() drops pooled connections at once instead of waiting 30 s for them to go idle
    closeTimeout: 50,
    onAuth(auth, _session, callback) {
      const expected = options.auth;
      if (expected && (auth.username !== expected.user || auth.password !== expected.pass)) {
        return callback(Object.assign(new Error('Authentication failed'), { responseCode: 535 }));
      }
      callback(null, { user: auth.username });
    },
    onRcptTo(_address, _session, callback) {
      callback(refuseNow('rcpt'));
    },
    onData(stream, session: SMTPServerSession, callback) {
      readAll(stream).then(
        async (raw) => {
          const refused = refuseNow('data');
          if (refused) return callback(refused);
          const envelope = session.envelope;
          messages.push({
            envelope: {
              from: envelope.mailFrom ? envelope.mailFrom.address : '',
              to: envelope.rcptTo.map((rcpt) => rcpt.address),
            },
            user: typeof session.user === 'string' ? session.user : undefined,
            parsed: await simpleParser(raw),
            raw: raw.toString('utf8'),
          });
          callback(null, 'Queued');
        },
        (error: Error) => callback(error),
      );
    },
  };

  let server = new SMTPServer(serverOptions);
  const listen = (port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.server.address() as AddressInfo).port);
      });
    });

  const port = await listen(0);
  const credentials = options.auth
    ? `${encodeURIComponent(options.auth.user)}:${encodeURIComponent(options.auth.pass)}@`
    : '';
  let running = true;

  return {
    host: '127.0.0.1',
    port,
    url: `smtp://${credentials}127.0.0.1:${port}`,
    messages,
    waitFor: (count, timeoutMs = 5000) =>
      waitUntil(
        () => (messages.length >= count ? messages : undefined),
        timeoutMs,
        () => `${count} e-mails (received ${messages.length})`,
      ),
    answerWith(code, { stage = 'rcpt', times = Number.POSITIVE_INFINITY } = {}) {
      refusal = code === undefined ? undefined : { code, stage, times };
    },
    async stop() {
      if (!running) return;
      running = false;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async restart() {
      if (running) return;
      server = new SMTPServer(serverOptions);
      await listen(port);
      running = true;
    },
  };
}
