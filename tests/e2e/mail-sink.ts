import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';

// The e2e main server's mail server (SMTP_URL in playwright.config.ts): a real SMTP server on a
// fixed port that accepts every message and saves it, whole, as one .eml file. The specs run in
// other processes, so they read the folder (tests/e2e/mail-inbox.ts) rather than this memory.

/** An address the mail server refuses for good (550), as a mailbox that does not exist. */
export const refusedAddress = () => `refused.${randomUUID().slice(0, 8)}@example.com`;
const isRefused = (address: string) => address.startsWith('refused.');

/** Where the messages of this run are saved; the specs read it. */
export const mailDir = () => join(process.env.E2E_DATA_DIR ?? 'test-results/e2e-data', 'mail');

export async function startMailSink(port: number, dir: string): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const server = new SMTPServer({
    logger: false,
    // plain SMTP on loopback: no certificate to make
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    // a reverse DNS lookup of 127.0.0.1 on each connection can wait seconds for a resolver
    disableReverseLookup: true,
    closeTimeout: 50,
    onRcptTo(address, _session, callback) {
      if (!isRefused(address.address)) return callback();
      callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        // written aside, then renamed: a reader never sees half a message
        const name = `${Date.now()}-${process.pid}-${++count}`;
        const draft = join(dir, `${name}.part`);
        writeFileSync(draft, Buffer.concat(chunks));
        renameSync(draft, join(dir, `${name}.eml`));
        callback(null, 'Queued');
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
