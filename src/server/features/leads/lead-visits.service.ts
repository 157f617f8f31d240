import type { z } from 'zod';
import type { Lead, leadInputSchema } from '#shared/contact/contact.contract.ts';
import {
  visitFields,
  type LeadVisit,
  type VisitField,
} from '#shared/leads/lead-detail.contract.ts';
import { leadsMessages } from '#shared/leads/leads.contract.ts';
import { inTransaction } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { readSettings } from '#server/db/settings-store.ts';
import { recordStaffAction, type StaffActor } from '#server/db/staff-activity.ts';
import { HttpError } from '#server/lib/http-error.ts';
import * as repo from './lead-visits.repository';
import { staffActions } from './lead-timeline';

// ADR 043: a contact submission whose e-mail or phone matches a customer with an open lead
// continues that lead instead of starting another (and sends no second "New lead" e-mail).

type LeadInput = z.output<typeof leadInputSchema>;
const dayMs = 86_400_000;

/** What the visitor typed, as stored with the visit (the fields a customer record has). */
export function detailsOf(c: repo.CustomerRecord) {
  return {
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    address: c.address,
    suburb: c.suburb,
    postcode: c.postcode,
    state: c.state,
    placeId: c.placeId,
    structuredAddress: c.structuredAddress,
    addressLat: c.addressLat,
    addressLng: c.addressLng,
  };
}
type VisitDetails = ReturnType<typeof detailsOf>;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The compared fields of a record or of a visit's details. */
function shownFields(d: Partial<Record<keyof VisitDetails, unknown>>): Record<VisitField, string> {
  return {
    name: `${text(d.firstName)} ${text(d.lastName)}`.trim(),
    email: text(d.email),
    phone: text(d.phone),
    address: text(d.address),
  };
}

const comparable = (field: VisitField, value: string) =>
  field === 'phone' ? value.replace(/\D/g, '').slice(-9) : value.trim().toLowerCase();

export function differencesOf(
  typed: Record<VisitField, string>,
  stored: Record<VisitField, string> | null,
): LeadVisit['differences'] {
  return visitFields
    .filter((f) => !stored || comparable(f, typed[f]) !== comparable(f, stored[f]))
    .map((field) => ({ field, stored: stored?.[field] ?? null, typed: typed[field] }));
}

/**
 * Continues the open lead of the submitting session's customer when there is one: the session
 * becomes a visit of it, the lead gets a "Came back" entry and the visit's landings as its last
 * touch. Null when the session starts (or already has) a lead of its own. The answer holds only
 * what this session typed: the stored lead never reaches the visitor.
 */
export async function continueOpenLead(
  tx: Db,
  input: LeadInput,
  userAgent: string | null,
  now: Date,
): Promise<{ lead: Lead; created: boolean } | null> {
  if (await repo.sessionHasOwnLead(tx, input.sessionId)) return null;
  const own = await repo.findCustomer(tx, input.customerId);
  if (!own) return null;
  // two first submissions of one person at once: the second waits and continues the first's lead
  await repo.lockPerson(tx, own.email);
  const visit = await repo.findVisitBySession(tx, input.sessionId);
  let leadId = visit?.leadId ?? null;
  if (!leadId) {
    const { returning_lead_days: days } = await readSettings(tx, ['returning_lead_days']);
    if (days <= 0) return null;
    leadId = await repo.findOpenLeadOf(tx, own, new Date(now.getTime() - days * dayMs));
  }
  if (!leadId) return null;
  const details = detailsOf(own);
  const utm = input.utm ?? {};
  const saved = await repo.saveVisit(
    tx,
    {
      leadId,
      sessionId: input.sessionId,
      customerId: own.id,
      details,
      attribution: {
        ...utm,
        referrer: input.referrer ?? null,
        landingPage: input.landingPage ?? null,
        userAgent,
      },
    },
    now,
  );
  if (saved.created) {
    const lead = await repo.markLeadReturned(tx, leadId, input.bookingOption, now);
    const stored = lead?.customerId ? await repo.findCustomer(tx, lead.customerId) : null;
    const changed = differencesOf(shownFields(details), stored && shownFields(stored));
    await repo.recordCameBack(tx, {
      leadId,
      sessionId: input.sessionId,
      customerId: lead?.customerId ?? null,
      data: { visitId: saved.row.id, changed: changed.map((d) => d.field) },
      now,
    });
  }
  await repo.linkVisitCaptures(tx, input.sessionId, leadId);
  const at = saved.row.createdAt.toISOString();
  return {
    created: saved.created,
    // what this session typed, as a lead of its own would answer it
    lead: {
      id: leadId,
      customerId: own.id,
      sessionId: input.sessionId,
      source: 'website',
      status: 'new',
      stage: 'contact',
      data: { bookingOption: input.bookingOption, contactFormData: input.contactFormData },
      createdAt: at,
      updatedAt: saved.row.updatedAt.toISOString(),
    },
  };
}

/** The lead's visits for staff, each compared with the stored customer as it is now. */
export function toVisitDtos(
  visits: repo.LeadVisitRow[],
  customer: repo.CustomerRecord | null,
): LeadVisit[] {
  const stored = customer && !customer.erasedAt ? shownFields(customer) : null;
  return visits.map((v) => {
    const typed = shownFields(v.details as Partial<VisitDetails>);
    const landing = (v.attribution ?? {}) as { source?: unknown; referrer?: unknown };
    return {
      id: v.id,
      at: v.createdAt.toISOString(),
      typed,
      differences: customer?.erasedAt ? [] : differencesOf(typed, stored),
      acceptedAt: v.acceptedAt?.toISOString() ?? null,
      acceptedBy: v.acceptedBy,
      source: text(landing.source) || hostOf(text(landing.referrer)),
    };
  });
}

function hostOf(url: string): string | null {
  try {
    return url ? new URL(url).host : null;
  } catch {
    return null;
  }
}

/**
 * Staff accept what a visitor typed: the lead's stored customer takes the visit's contact
 * details (the only way they change, ADR 043), logged with the old and new values.
 */
export async function acceptVisitDetails(
  db: Db,
  leadId: string,
  visitId: string,
  staff: StaffActor,
  now: Date,
) {
  await inTransaction(db, async (tx) => {
    const visit = await repo.lockVisit(tx, leadId, visitId);
    if (!visit) throw HttpError.notFound(leadsMessages.visitNotFound);
    const leadCustomerId = await repo.leadCustomerId(tx, leadId);
    const stored = leadCustomerId ? await repo.findCustomer(tx, leadCustomerId) : null;
    if (!stored) throw HttpError.notFound(leadsMessages.customerNotFound);
    if (stored.erasedAt) throw HttpError.conflict(leadsMessages.visitErased);
    const details = visit.details as VisitDetails;
    await repo.updateCustomer(tx, stored.id, details, now);
    await repo.markAccepted(tx, visit.id, staff.name, now);
    await recordStaffAction(tx, {
      leadId,
      customerId: stored.id,
      staff,
      action: staffActions.detailsAccepted,
      data: {
        visitId: visit.id,
        from: shownFields(stored),
        to: shownFields(details),
      },
      now,
    });
  });
}
