import { connect, type Socket } from 'node:net';
import type * as Nodemailer from 'nodemailer';
import {
  PermanentDeliveryError,
  type Delivered,
  type DeliveryLog,
} from '#server/integrations/delivery.ts';
import {
  checkedAddresses,
  systemResolve,
  type Resolve,
} from '#server/integrations/outbound-address.ts';
import { classifySmtpError } from './smtp-errors';
import type { SmtpTarget } from './smtp-target';

/** An address with the name mail clients show for it ("Tint & Co <bookings@…>"). */
export interface NamedAddress {
  name: string;
  address: string;
}

export interface EmailMessage {
  to: string;
  from: string | NamedAddress;
  replyTo?: string | undefined;
  subject: string;
  text: string;
  html: string;
  /** Stable per delivery (`<deliveryId@tintbook.local>`), so a resend is recognisably the same. */
  messageId: string;
  /** An invitation: sent as a text/calendar part (method=…) and an invite.ics attachment. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string } | undefined;
}

type Mailer = ReturnType<typeof createPooledMailer>;

// loaded on the first e-mail, not at start: most of a start is loading modules (ADR 047)
let nodemailer: Promise<typeof Nodemailer> | undefined;

interface SocketOptions {
  host?: string | undefined;
  port?: string | number | undefined;
  secure?: boolean | undefined;
  connectionTimeout?: string | number | undefined;
}
type SocketCallback = (err: Error | null, socket?: { connection: Socket }) => void;

/**
 * nodemailer's getSocket: the connection goes to an address of the mail server's name that was
 * checked (never an internal one, ADR 045), and nodemailer does TLS (SNI and certificate) on it
 * for the name itself. Every pooled connection is checked again.
 */
function checkedSocket(resolve: Resolve) {
  return (options: SocketOptions, done: SocketCallback) => {
    // nodemailer's own defaults: 465 for implicit TLS, else 587
    const port = Number(options.port) || (options.secure ? 465 : 587);
    const timeout = Number(options.connectionTimeout) || 10_000;
    checkedAddresses(options.host ?? 'localhost', 'Mail server address', resolve).then(
      ([first]) => {
        const socket = connect({ host: first?.address, port, timeout });
        let connected = false;
        socket.once('connect', () => {
          connected = true;
          socket.setTimeout(0);
          done(null, { connection: socket });
        });
        socket.once('timeout', () => {
          socket.destroy(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' }));
        });
        // once connected, nodemailer's own handlers take the socket's errors
        socket.on('error', (err) => {
          if (!connected) done(err);
        });
      },
      (err: Error) => done(err),
    );
  };
}

function createPooledMailer(
  { createTransport }: typeof Nodemailer,
  target: SmtpTarget,
  resolve: Resolve,
) {
  return createTransport({
    ...target.connection,
    getSocket: checkedSocket(resolve),
    pool: true,
    maxConnections: 3,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    dnsTimeout: 10_000,
    socketTimeout: 20_000,
    // retrying belongs to the job queue, which backs off and records every attempt; a message
    // requeued inside the pool after a dropped connection could also be sent twice
    maxRequeues: 0,
  });
}

// One pool per mail server: connections are reused across messages instead of a TLS handshake
// and AUTH for every e-mail. Keyed by the whole connection, so changed settings get a new pool
// (and by the name resolution, which tests inject).
const mailers = new Map<Resolve, Map<string, Mailer>>();

async function mailerFor(target: SmtpTarget, resolve: Resolve): Promise<Mailer> {
  const loaded = await (nodemailer ??= import('nodemailer'));
  const key = JSON.stringify(target.connection);
  const pools = mailers.get(resolve) ?? new Map<string, Mailer>();
  mailers.set(resolve, pools);
  let mailer = pools.get(key);
  if (!mailer) {
    mailer = createPooledMailer(loaded, target, resolve);
    pools.set(key, mailer);
  }
  return mailer;
}

/** Closes every pooled connection (graceful shutdown, tests). */
export function closeMailers(): void {
  for (const pools of mailers.values()) for (const mailer of pools.values()) mailer.close();
  mailers.clear();
}

/**
 * Sends one e-mail, or writes it to the log when no mail server is configured (local mode).
 * Resolves when the server accepted it; throws TransientDeliveryError or PermanentDeliveryError.
 */
export async function sendEmail(
  target: SmtpTarget | undefined,
  message: EmailMessage,
  log: DeliveryLog,
  resolve: Resolve = systemResolve,
): Promise<Delivered> {
  if (!target) {
    // never the body: it carries the customer's manage link
    log.info({ to: message.to, subject: message.subject }, 'e-mail (local mode, not sent)');
    return { provider: 'log', local: true };
  }
  try {
    const info = await (
      await mailerFor(target, resolve)
    ).sendMail({
      to: message.to,
      from: message.from,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
      html: message.html,
      messageId: message.messageId,
      icalEvent: message.calendar && {
        method: message.calendar.method,
        content: message.calendar.content,
      },
    });
    // the server's own Message-ID when its reply names one (Outlook, SES), else ours
    return { provider: 'smtp', providerMessageId: info.messageId || message.messageId };
  } catch (error) {
    if (error instanceof PermanentDeliveryError) throw error;
    throw classifySmtpError(error);
  }
}
