import { z } from 'zod';
import { text } from '#shared/api/text.ts';
import { isAustralianMobile, toE164 } from '#shared/contact/phone.ts';

// Settings → Messages (admin): every outbound message with its state, Retry, and a test per
// channel. The same rows show on a booking and a lead (delivery state of its messages).

export const messageChannels = [
  'email',
  'sms',
  'webhook',
  'ga4',
  'job_tracker',
  // bookings written into consultants' CalDAV calendars (issue 29): a queue of its own, so one
  // consultant's calendar being down holds up no customer's e-mail
  'calendar',
] as const;
/** The channels "Send test" offers: a calendar write is about a booking, never a test. */
export const testChannels = ['email', 'sms', 'webhook', 'ga4', 'job_tracker'] as const;
export type TestChannel = (typeof testChannels)[number];
export const messageStatuses = [
  'queued',
  'sending',
  'sent',
  'delivered',
  'failed',
  'dead',
  'skipped',
  'cancelled',
  'superseded',
] as const;
export type MessageStatus = (typeof messageStatuses)[number];
export type MessageChannelName = (typeof messageChannels)[number];

export const channelLabels: Record<MessageChannelName, string> = {
  email: 'E-mail',
  sms: 'Text message',
  webhook: 'Webhook',
  ga4: 'Google Analytics',
  job_tracker: 'Job tracker',
  calendar: "Consultant's calendar",
};

export const statusLabels: Record<MessageStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  failed: 'Failed, will try again',
  dead: 'Failed',
  skipped: 'Not needed',
  // settled the moment their booking was cancelled or moved (issue 26 item 15)
  cancelled: 'Cancelled',
  superseded: 'Superseded',
};

export const messagesMessages = {
  notFound: 'Message not found.',
  notRetryable: 'Only a failed message can be sent again.',
  retried: 'Queued to send again.',
  testQueued: 'Test queued: watch its state below.',
  cursor: 'Invalid page cursor',
  testMobile: 'Enter the mobile number to send the test to, like 0412 345 678.',
} as const;

export const messageSchema = z.object({
  id: z.uuid(),
  channel: z.enum(messageChannels),
  /**
   * One of messageKindNames; a kind this version does not know (stored by an earlier or later
   * version) is still listed, by its own words (web/lib/message-labels.ts), never a 500.
   */
  kind: z.string(),
  recipient: z.string(),
  status: z.enum(messageStatuses),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  /** 'log' when it went to the server log (no provider configured). */
  provider: z.string().nullable(),
  bookingId: z.uuid().nullable(),
  leadId: z.uuid().nullable(),
  sendAfter: z.string(),
  sentAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

export const listMessagesQuerySchema = z.object({
  status: z.enum(messageStatuses).optional(),
  channel: z.enum(messageChannels).optional(),
  bookingId: z.uuid().optional(),
  leadId: z.uuid().optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

export const listMessagesResponseSchema = z.object({
  success: z.literal(true),
  messages: z.array(messageSchema),
  nextCursor: z.string().nullable(),
  counts: z.record(z.enum(messageStatuses), z.number().int()),
});

export const messageParamsSchema = z.object({ id: z.uuid(messagesMessages.notFound) });

export const messageResponseSchema = z.object({
  success: z.literal(true),
  message: messageSchema,
  notice: z.string(),
});

/**
 * A test text goes to the mobile the admin types (issue 26 item 14): the business's own number is
 * often a landline, which no text reaches. Given as +61… to the server.
 */
export const testMobileSchema = text()
  .trim()
  .max(30, messagesMessages.testMobile)
  .refine(isAustralianMobile, messagesMessages.testMobile)
  .transform(toE164);

export const sendTestBodySchema = z
  .object({ channel: z.enum(testChannels), to: text().optional() })
  .transform((body, ctx) => {
    if (body.channel !== 'sms') return { channel: body.channel, to: undefined };
    const to = testMobileSchema.safeParse(body.to ?? '');
    if (!to.success) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: messagesMessages.testMobile });
      return z.NEVER;
    }
    return { channel: body.channel, to: to.data };
  });
