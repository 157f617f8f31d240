// Where e-mail goes: the SMTP_URL environment variable when set (deployments and tests), else
// the mail-server settings staff saved; neither means local mode (messages go to the log).

/** The e-mail settings (Settings → Integrations); any of them may be unset. */
export interface SmtpSettings {
  host?: string | null | undefined;
  port?: number | null | undefined;
  secure?: boolean | null | undefined;
  user?: string | null | undefined;
  password?: string | null | undefined;
  fromAddress?: string | null | undefined;
}

/** A configured mail server, and the address messages are sent from. */
export interface SmtpTarget {
  /** nodemailer connection options: a connection URL, or host and port (with credentials). */
  connection:
    | { url: string }
    | {
        host: string;
        port: number;
        secure: boolean;
        auth?: { user: string; pass: string } | undefined;
      };
  from: string;
}

/**
 * The mail server to use, or undefined for local mode. `fallbackFrom` (the business contact
 * e-mail) is the sender when no from-address is set: the from-address is always a setting, even
 * when SMTP_URL names the server.
 */
export function resolveSmtpTarget(
  smtpUrl: string | undefined,
  settings: SmtpSettings,
  fallbackFrom: string,
): SmtpTarget | undefined {
  const from = settings.fromAddress || fallbackFrom;
  if (smtpUrl) return { connection: { url: smtpUrl }, from };
  if (!settings.host) return undefined;
  const secure = settings.secure ?? false;
  return {
    connection: {
      host: settings.host,
      // 465 is implicit TLS, 587 submission with STARTTLS (RFC 8314)
      port: settings.port ?? (secure ? 465 : 587),
      secure,
      auth: settings.user ? { user: settings.user, pass: settings.password ?? '' } : undefined,
    },
    from,
  };
}
