import { parseLeadData } from '#shared/leads/lead-data.ts';
import { painPointNames } from '#server/db/catalogue-store.ts';
import type { Db } from '#server/db/client.ts';
import { findConsultant } from '#server/db/consultant-store.ts';
import { newManageToken } from '#server/lib/manage-token.ts';
import type { BookingMessageContext, LeadMessageContext } from './message-context';
import type { findBookingWithCustomer } from './message-facts.repository';
import { businessDetails, findLeadWithCustomer, saveManageLink } from './message-facts.repository';

// The booking or lead a message is about, as it is when the job runs.

type CustomerRow = NonNullable<BookingFacts['customer']>;
const contactOf = (c: CustomerRow): BookingMessageContext['customer'] => ({
  firstName: c.firstName,
  lastName: c.lastName,
  email: c.email,
  phone: c.phone,
  address: c.address,
});

/** The lead's own page: staff signed out come back to it after signing in. */
const leadUrl = (appUrl: string, leadId: string) => `${appUrl}/leads/${leadId}`;

export type BookingFacts = NonNullable<Awaited<ReturnType<typeof findBookingWithCustomer>>>;

/**
 * The context of a customer's booking message, with a manage link minted for this message: the
 * database keeps only its sha256 (as for the link given at booking), so a message re-sent after a
 * crash simply carries a new, equally valid link.
 */
export async function bookingContext(
  db: Db,
  facts: BookingFacts,
  appUrl: string,
  mintLink: boolean,
): Promise<BookingMessageContext | null> {
  const { booking, customer } = facts;
  if (!customer) return null;
  const [{ business, timeZone }, consultant] = await Promise.all([
    businessDetails(db),
    findConsultant(db, booking.staffId),
  ]);
  let manageUrl = `${appUrl}/reschedule`;
  if (mintLink) {
    const { token, hash } = newManageToken();
    await saveManageLink(db, booking.id, hash);
    manageUrl = `${appUrl}/reschedule?token=${token}`;
  }
  return {
    business,
    booking: {
      id: booking.id,
      serviceType: booking.serviceType,
      start: booking.startTime,
      end: booking.endTime,
      timeZone,
      status: booking.status,
      notes: booking.notes,
      estimatedPriceCents: booking.estimatedPriceCents,
      promoCode: booking.promoCode,
      sequence: booking.calendarSequence,
    },
    customer: contactOf(customer),
    consultant: consultant && { name: consultant.name },
    manageUrl,
    bookUrl: `${appUrl}/`,
    staffUrl: booking.leadId ? leadUrl(appUrl, booking.leadId) : `${appUrl}/leads`,
  };
}

export async function leadContext(
  db: Db,
  leadId: string,
  appUrl: string,
): Promise<LeadMessageContext | null> {
  const found = await findLeadWithCustomer(db, leadId);
  if (!found?.customer) return null;
  const { lead, customer } = found;
  const [{ business }, names] = await Promise.all([businessDetails(db), painPointNames(db)]);
  const data = parseLeadData(lead.data);
  // the lead keeps its main concern's id; the notice names it as the customer chose it
  const painPoint = data.details?.painPoint;
  return {
    business,
    lead: {
      id: lead.id,
      createdAt: lead.createdAt,
      source: lead.source,
      painPoint: painPoint ? (names.get(painPoint) ?? painPoint) : null,
      bookingOption: data.bookingOption ?? null,
    },
    customer: contactOf(customer),
    staffUrl: leadUrl(appUrl, lead.id),
  };
}
