import { sql } from 'drizzle-orm';
import { leads } from './schema';

/**
 * The lead a browser session works on: the one it started, else the open lead its contact
 * submission continued (a returning customer's visit, ADR 043). Every step after Contact
 * (details, estimate, files, attribution, booking) finds its lead through this.
 */
export const leadIdOfSession = (sessionId: string) =>
  sql<string | null>`coalesce(
    (select l.id from leads l where l.session_id = ${sessionId}),
    (select v.lead_id from lead_visits v where v.session_id = ${sessionId}))`;

/** Where-clause on `leads`: the row is the session's lead. */
export const isLeadOfSession = (sessionId: string) =>
  sql`${leads.id} = ${leadIdOfSession(sessionId)}`;

/**
 * The customer record a session's booking is made for: the visit's own record (what the visitor
 * typed, ADR 012) when the session continued a lead, else the lead's customer.
 */
export const customerIdOfSession = (sessionId: string) =>
  sql<string | null>`coalesce(
    (select v.customer_id from lead_visits v where v.session_id = ${sessionId}),
    ${leads.customerId})`;
