import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import {
  contactMessages,
  type Lead,
  type leadInputSchema,
} from '#shared/contact/contact.contract.ts';
import type { Db } from '#server/db/client.ts';
import { sessionOwnsCustomer } from '#server/db/customer-ownership.ts';
import { isForeignKeyViolation } from '#server/db/errors.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { queueLeadEvent } from '#server/messages/ga4-messages.ts';
import { queueLeadMessages } from '#server/messages/lead-messages.ts';
import type { Outbox } from '#server/messages/outbox.ts';
import { continueOpenLead } from './lead-visits.service';
import {
  bookingOptionIsOffered,
  saveSessionFormData,
  upsertLeadBySession,
  type LeadRow,
  type NewLead,
} from './leads.repository';

type LeadInput = z.output<typeof leadInputSchema>;
export interface RequestFacts {
  ipAddress: string;
  userAgent: string | undefined;
  /** From the browser's `_ga` cookie: GA4 events about this lead join its visit. */
  gaClientId: string | undefined;
  /** False when the browser asked not to be tracked (Sec-GPC: 1 or DNT: 1). */
  adConsent: boolean;
}

function toNewLead(input: LeadInput, facts: RequestFacts): NewLead {
  const utm = input.utm ?? {};
  return {
    sessionId: input.sessionId,
    customerId: input.customerId,
    source: 'website',
    medium: utm.medium ?? null,
    campaign: utm.campaign ?? null,
    utmSource: utm.source ?? null,
    utmMedium: utm.medium ?? null,
    utmCampaign: utm.campaign ?? null,
    utmTerm: utm.term ?? null,
    utmContent: utm.content ?? null,
    referrer: input.referrer ?? null,
    landingPage: input.landingPage ?? null,
    userAgent: facts.userAgent?.slice(0, 500) ?? null,
    ipAddress: facts.ipAddress,
    status: 'new',
    stage: 'contact',
    data: {
      bookingOption: input.bookingOption,
      contactFormData: input.contactFormData,
      adConsent: facts.adConsent,
      ...(facts.gaClientId && { gaClientId: facts.gaClientId }),
    },
  };
}

export function toLeadDto(row: LeadRow): Lead {
  return {
    id: row.id,
    customerId: row.customerId,
    sessionId: row.sessionId,
    source: row.source,
    status: row.status,
    stage: row.stage,
    data: row.data,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Saves the lead and, in the same transaction, queues the business e-mail and the webhook. A
 * returning customer's submission continues their open lead instead (ADR 043): no new lead and
 * no second "New lead" e-mail; the answer then holds only what this session typed.
 */
export async function saveContactLead(
  db: Db,
  outbox: Outbox,
  input: LeadInput,
  facts: RequestFacts,
  now: Date,
) {
  if (!(await bookingOptionIsOffered(db, input.bookingOption))) {
    const message = contactMessages.bookingOptionRequired;
    throw HttpError.badRequest(message, { bookingOption: message });
  }
  // ADR 012: a lead names its own session's customer record only (404 as for no record at all)
  if (!(await sessionOwnsCustomer(db, input.sessionId, input.customerId))) {
    throw HttpError.notFound('Customer not found.');
  }
  return db
    .transaction(async (tx): Promise<{ lead: Lead; created: boolean }> => {
      const formData = { bookingOption: input.bookingOption, ...input.contactFormData };
      await saveSessionFormData(tx, input.sessionId, formData, now);
      const userAgent = facts.userAgent?.slice(0, 500) ?? null;
      const continued = await continueOpenLead(tx, input, userAgent, now);
      if (continued) return continued;
      const saved = await upsertLeadBySession(tx, toNewLead(input, facts));
      await queueLeadMessages(tx, outbox, saved.row);
      await queueLeadEvent(tx, outbox, saved.row.id, 'generate_lead');
      return { lead: toLeadDto(saved.row), created: saved.created };
    })
    .catch((err: unknown) => {
      throw isForeignKeyViolation(err) ? HttpError.notFound('Customer not found.') : err;
    });
}

/** What a discarded (honeypot) submission is answered with: looks real, stored nowhere. */
export function decoyLead(input: LeadInput, at: Date): Lead {
  const now = at.toISOString();
  return {
    id: randomUUID(),
    customerId: input.customerId,
    sessionId: input.sessionId,
    source: 'website',
    status: 'new',
    stage: 'contact',
    data: { bookingOption: input.bookingOption, contactFormData: input.contactFormData },
    createdAt: now,
    updatedAt: now,
  };
}
