// Test helper: the part of Twilio's REST API the SMS adapter uses (POST
// /2010-04-01/Accounts/{sid}/Messages.json), checked as Twilio checks it: the account in the path,
// HTTP basic auth, form-encoded To (E.164), From and Body. Like Twilio it answers a repeated
// I-Twilio-Idempotency-Token with the first answer instead of sending again.
import { randomBytes } from 'node:crypto';
import { startHttpReceiver, waitUntil, type HttpReceiver } from './http-receiver';

export interface TwilioMessage {
  sid: string;
  to: string;
  from: string;
  body: string;
  statusCallback: string | undefined;
  idempotencyKey: string | undefined;
}

export interface TwilioReceiver extends HttpReceiver {
  /** What TWILIO_API_BASE_URL is set to. */
  baseUrl: string;
  accountSid: string;
  authToken: string;
  /** Messages accepted, each once (a repeated idempotency token adds nothing). */
  messages: TwilioMessage[];
  /** Requests refused by the protocol checks, with why. */
  refused: string[];
  /** How many requests were answered from an earlier one with the same idempotency token. */
  duplicatesAbsorbed(): number;
  waitFor(count: number, timeoutMs?: number): Promise<TwilioMessage[]>;
  /**
   * The next `times` requests (all when omitted) get Twilio's error for `status`: 429 with
   * Retry-After, 500, or 400 with `code` (default 21211, invalid To number).
   */
  answerWith(
    status: 400 | 401 | 429 | 500 | 503,
    options?: { times?: number; retryAfterSeconds?: number; code?: number },
  ): void;
}

const e164 = /^\+[1-9]\d{6,14}$/;

/** Each status's usual Twilio error code, and the messages of the codes a test may pick. */
const defaultCode: Record<number, number> = {
  400: 21211,
  401: 20003,
  429: 20429,
  500: 20500,
  503: 20503,
};
const codeMessage: Record<number, string> = {
  20003: 'Authenticate',
  20429: 'Too Many Requests',
  20500: 'Internal Server Error',
  20503: 'Service Unavailable',
  21211: "The 'To' number is not a valid phone number.",
  21610: 'Attempt to send to unsubscribed recipient',
  21614: "'To' number is not a valid mobile number",
};

const errorBody = (status: number, code: number, message: string) =>
  JSON.stringify({
    code,
    message,
    more_info: `https://www.twilio.com/docs/errors/${code}`,
    status,
  });

const json = { 'content-type': 'application/json' };

export async function startTwilioReceiver({
  accountSid = `AC${randomBytes(16).toString('hex')}`,
  authToken = randomBytes(16).toString('hex'),
}: { accountSid?: string; authToken?: string } = {}): Promise<TwilioReceiver> {
  const messages: TwilioMessage[] = [];
  const refused: string[] = [];
  const answered = new Map<string, string>();
  let duplicatesAbsorbed = 0;
  const refuse = (status: number, code: number, message: string) => {
    refused.push(message);
    return { status, headers: json, body: errorBody(status, code, message) };
  };
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  const http = await startHttpReceiver(({ method, url, headers, body }) => {
    if (method !== 'POST' || url.pathname !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) {
      return refuse(404, 20404, `${method} ${url.pathname}`);
    }
    if (headers.authorization !== expectedAuth) return refuse(401, 20003, 'Authenticate');
    if (headers['content-type'] !== 'application/x-www-form-urlencoded') {
      return refuse(415, 20415, `content-type ${headers['content-type']}`);
    }
    const idempotencyKey = headers['i-twilio-idempotency-token'] as string | undefined;
    const earlier = idempotencyKey === undefined ? undefined : answered.get(idempotencyKey);
    if (earlier) {
      duplicatesAbsorbed += 1;
      return { status: 201, headers: json, body: earlier };
    }
    const form = new URLSearchParams(body);
    const [to, from, text] = [form.get('To'), form.get('From'), form.get('Body')];
    if (!to) return refuse(400, 21604, "A 'To' phone number is required.");
    if (!e164.test(to))
      return refuse(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (!from) return refuse(400, 21603, "A 'From' phone number is required.");
    if (!text) return refuse(400, 21602, 'Message body is required.');

    const sid = `SM${randomBytes(16).toString('hex')}`;
    const statusCallback = form.get('StatusCallback') ?? undefined;
    messages.push({ sid, to, from, body: text, statusCallback, idempotencyKey });
    const answer = JSON.stringify({
      account_sid: accountSid,
      api_version: '2010-04-01',
      body: text,
      direction: 'outbound-api',
      error_code: null,
      error_message: null,
      from,
      num_segments: '1',
      sid,
      status: 'queued',
      to,
      uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
    });
    if (idempotencyKey !== undefined) answered.set(idempotencyKey, answer);
    return { status: 201, headers: json, body: answer };
  });

  return Object.assign(http, {
    baseUrl: http.origin,
    accountSid,
    authToken,
    messages,
    refused,
    duplicatesAbsorbed: () => duplicatesAbsorbed,
    waitFor: (count: number, timeoutMs = 5000) =>
      waitUntil(
        () => (messages.length >= count ? messages : undefined),
        timeoutMs,
        () => `${count} text messages (received ${messages.length})`,
      ),
    answerWith(
      status: 400 | 401 | 429 | 500 | 503,
      options: { times?: number; retryAfterSeconds?: number; code?: number } = {},
    ) {
      const code = options.code ?? defaultCode[status]!;
      const message = codeMessage[code] ?? `Twilio error ${code}`;
      http.answer(
        {
          status,
          headers: {
            ...json,
            ...(options.retryAfterSeconds !== undefined && {
              'retry-after': String(options.retryAfterSeconds),
            }),
          },
          body: errorBody(status, code, message),
        },
        options.times,
      );
    },
  });
}
