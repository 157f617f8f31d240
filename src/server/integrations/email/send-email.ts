import { createTransport } from 'nodemailer';
import type { Delivered, DeliveryLog } from '#server/integrations/delivery.ts';
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

function createPooledMailer(target: SmtpTarget) {
  return createTransport({
    ...target.connection,
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
// and AUTH for every e-mail. Keyed by the whole connection, so changed settings get a new pool.
const mailers = new Map<string, Mailer>();

function mailerFor(target: SmtpTarget): Mailer {
  const key = JSON.stringify(target.connection);
  let mailer = mailers.get(key);
  if (!mailer) {
    mailer = createPooledMailer(target);
    mailers.set(key, mailer);
  }
  return mailer;
}

/** Closes every pooled connection (graceful shutdown, tests). */
export function closeMailers(): void {
  for (const mailer of mailers.values()) mailer.close();
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
): Promise<Delivered> {
  if (!target) {
    // never the body: it carries the customer's manage link
    log.info({ to: message.to, subject: message.subject }, 'e-mail (local mode, not sent)');
    return { provider: 'log', local: true };
  }
  try {
    const info = await mailerFor(target).sendMail({
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
    throw classifySmtpError(error);
  }
}
