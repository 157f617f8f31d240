import { errorCodes } from '#shared/api/error.ts';
import type { LeadDetail } from '#shared/leads/lead-detail.contract.ts';
import {
  leadStages,
  leadsMessages,
  type LeadListResponse,
  type LeadListRow,
} from '#shared/leads/leads.contract.ts';
import type { StaffSessionResponse } from '#shared/staff/staff.contract.ts';
import { bookingDto } from './demo-booking';
import { painPointsOf } from './demo-catalogue';
import { customerDto } from './demo-customer';
import { refuse, route, type DemoRoute } from './demo-http';
import { leadFiles } from './demo-uploads';
import {
  demoConsultants,
  read,
  type DemoBooking,
  type DemoData,
  type DemoLead,
} from './demo-store';

// The staff screens of the demo show this browser's own demo data, with no sign-in: whoever
// opens /leads here is the business owner trying both sides. Read only: staff actions answer that
// the demo cannot do them.

const demoUser: StaffSessionResponse = {
  user: { email: 'demo@tintbook.invalid', role: 'admin', displayName: 'Demo owner' },
};

export const notInDemo = () =>
  refuse(403, errorCodes.forbidden, 'The demo shows the data kept in this browser only.');

const system = { kind: 'customer' as const, staffUserId: null, name: null };

/** The consultant's name (their id when no longer listed). */
function consultantName(staffId: string): string {
  return demoConsultants.find((member) => member.id === staffId)?.name ?? staffId;
}

function painPointOf(data: DemoData, lead: DemoLead) {
  const id = lead.details?.painPoint;
  if (!id) return null;
  return { id, name: painPointsOf(data).find((p) => p.id === id)?.name ?? id };
}

function nextBooking(bookings: DemoBooking[]): DemoBooking | undefined {
  const now = Date.now();
  const liveOnes = bookings.filter((b) => b.status !== 'cancelled');
  return (
    liveOnes.find((b) => new Date(b.startTime).getTime() > now) ??
    liveOnes.at(-1) ??
    bookings.at(-1)
  );
}

function speedToLead(lead: DemoLead) {
  return {
    firstStaffActionAt: null,
    waitedMs: Date.now() - new Date(lead.createdAt).getTime(),
    waiting: true,
  };
}

function row(data: DemoData, lead: DemoLead): LeadListRow {
  const customer = data.customers.find((c) => c.id === lead.customerId);
  const bookings = data.bookings.filter((b) => b.leadId === lead.id);
  const next = nextBooking(bookings);
  const name = customer ? `${customer.firstName} ${customer.lastName}`.trim() : '';
  return {
    id: lead.id,
    customerId: lead.customerId,
    name: name || leadsMessages.noName,
    email: customer?.email ?? null,
    phone: customer?.phone ?? null,
    suburb: customer?.structuredAddress?.suburb ?? null,
    stage: lead.stage,
    status: lead.status,
    mainConcern: painPointOf(data, lead),
    estimateTotalCents: lead.estimate?.totalCents ?? null,
    nextAppointment: next
      ? {
          bookingId: next.id,
          startTime: next.startTime,
          serviceType: next.serviceType,
          status: next.status,
        }
      : null,
    bookingState: !next
      ? 'none'
      : next.status === 'cancelled'
        ? 'cancelled'
        : new Date(next.startTime).getTime() > Date.now()
          ? 'upcoming'
          : 'past',
    source: lead.source,
    medium: null,
    campaign: null,
    createdAt: lead.createdAt,
    speedToLead: speedToLead(lead),
    photoCount: data.files.filter((f) => f.leadId === lead.id).length,
    // the demo keeps one lead per visit: nobody returns
    returnedAt: null,
  };
}

function matches(r: LeadListRow, query: URLSearchParams): boolean {
  const status = query.get('status');
  if (status && r.status !== status) return false;
  const booking = query.get('booking');
  if (booking && r.bookingState !== booking) return false;
  const words = (query.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const text = [r.name, r.email, r.phone, r.suburb].join(' ').toLowerCase();
  return words.every((word) => text.includes(word));
}

async function leadList(query: URLSearchParams): Promise<LeadListResponse> {
  const data = await read();
  const rows = data.leads
    .map((lead) => row(data, lead))
    .filter((r) => matches(r, query))
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  const byStage = Object.fromEntries(
    leadStages.map((stage) => [stage, rows.filter((r) => r.stage === stage).length]),
  ) as Record<(typeof leadStages)[number], number>;
  const stage = query.get('stage');
  return {
    leads: rows.filter((r) => !stage || r.stage === stage),
    nextCursor: null,
    counts: { total: rows.length, byStage },
  };
}

async function leadDetail(id: string): Promise<{ lead: LeadDetail }> {
  const data = await read();
  const lead = data.leads.find((l) => l.id === id);
  if (!lead) throw refuse(404, errorCodes.notFound, leadsMessages.notFound);
  const customer = data.customers.find((c) => c.id === lead.customerId);
  const bookings = data.bookings.filter((b) => b.leadId === lead.id);
  return {
    lead: {
      id: lead.id,
      stage: lead.stage,
      status: lead.status,
      lostReason: null,
      bookingOption: lead.bookingOption,
      source: lead.source,
      createdAt: lead.createdAt,
      updatedAt: lead.updatedAt,
      speedToLead: speedToLead(lead),
      customer: customer ? customerDto(customer) : null,
      customerErasedAt: null,
      details: {
        glassCount: lead.details?.glassCount ?? null,
        painPoint: painPointOf(data, lead),
        jobDescription: lead.details?.jobDescription ?? null,
        measurements: lead.details?.measurements ?? [],
      },
      estimate: lead.estimate,
      files: await leadFiles(data, lead.id),
      bookings: bookings.map((b) => ({
        booking: bookingDto(b),
        consultant: { id: b.staffId, name: consultantName(b.staffId) },
        address: b.serviceType === 'onsite' ? (customer?.address ?? null) : null,
        noShow: false,
        history: b.history.map((h) => ({
          action: h.action,
          at: h.at,
          by: system,
          from: h.from,
          to: h.action === 'rescheduled' ? b.startTime : null,
          trakJobId: null,
          details: null,
        })),
        messages: [],
      })),
      attribution: { firstTouch: null, lastTouch: null },
      timeline: [],
      messages: [],
      visits: [],
      duplicates: [],
    },
  };
}

export const staffRoutes: DemoRoute[] = [
  route('GET', '/staff/session', () => demoUser),
  route('DELETE', '/staff/session', () => null),
  route('GET', '/leads', ({ query }) => leadList(query)),
  route('GET', '/leads/:id', ({ params }) => leadDetail(params[0]!)),
  route('PATCH', '/leads/:id', () => {
    throw notInDemo();
  }),
  route('POST', '/leads/:id/notes', () => {
    throw notInDemo();
  }),
];
