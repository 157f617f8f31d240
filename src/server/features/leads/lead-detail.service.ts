import { attributionFamilies, type AttributionFamily } from '#shared/attribution/attribution.ts';
import { parseLeadData, type LeadData } from '#shared/leads/lead-data.ts';
import {
  leadFileUrls,
  type AttributionTouch,
  type LeadDetail,
} from '#shared/leads/lead-detail.contract.ts';
import { leadsMessages } from '#shared/leads/leads.contract.ts';
import { readBookingSetup } from '#server/db/booking-store.ts';
import type { Db } from '#server/db/client.ts';
import { toBookingDto } from '#server/lib/booking-dto.ts';
import { HttpError } from '#server/lib/http-error.ts';
import { listDeliveries } from '#server/messages/deliveries.repository.ts';
import { toMessageDto } from '#server/messages/message-dto.ts';
import { toCustomerView } from './lead-customer';
import * as repo from './lead-detail.repository';
import { bookingsOfLeads, painPointNames } from './lead-list.repository';
import { asStage, asStatus, personName, speedToLead } from './lead-list.service';
import { leadTimeline } from './customer-steps';
import { bookingHistory } from './lead-timeline';
import { visitsOfLead } from './lead-visits.repository';
import { toVisitDtos } from './lead-visits.service';

/** Before any landing was captured: what the lead itself kept at the contact step. */
function leadTouch(lead: repo.LeadRow, data: LeadData): AttributionTouch {
  return {
    at: lead.createdAt.toISOString(),
    family: data.attributionFamily ?? null,
    utmSource: lead.utmSource,
    utmMedium: lead.utmMedium,
    utmCampaign: lead.utmCampaign,
    utmTerm: lead.utmTerm,
    utmContent: lead.utmContent,
    gclid: null,
    gbraid: null,
    wbraid: null,
    fbclid: null,
    referrer: lead.referrer,
    landingPage: lead.landingPage,
    device: lead.userAgent,
  };
}

function familyOf(value: unknown): AttributionFamily | null {
  return (attributionFamilies as readonly unknown[]).includes(value)
    ? (value as AttributionFamily)
    : null;
}

function touchOf(capture: repo.CaptureRow, device: string | null): AttributionTouch {
  return {
    at: capture.createdAt.toISOString(),
    family: familyOf(capture.family),
    utmSource: capture.utmSource,
    utmMedium: capture.utmMedium,
    utmCampaign: capture.utmCampaign,
    utmTerm: capture.utmTerm,
    utmContent: capture.utmContent,
    gclid: capture.gclid,
    gbraid: capture.gbraidid,
    wbraid: capture.wbraid,
    fbclid: capture.fbclid,
    referrer: capture.referrer,
    landingPage: capture.pageUrl,
    device: capture.userAgent ?? device,
  };
}

export async function readLeadDetail(db: Db, id: string, now: Date): Promise<LeadDetail> {
  const found = await repo.findLeadWithCustomer(db, id);
  if (!found) throw HttpError.notFound(leadsMessages.notFound);
  const { lead, customer } = found;
  const [setup, files, bookingRows, activityRows, captures, deliveries, names, duplicates, visits] =
    await Promise.all([
      readBookingSetup(db),
      repo.filesOfLead(db, id),
      bookingsOfLeads(db, [id]),
      repo.activitiesOfLead(db, lead),
      repo.capturesOfLead(db, lead),
      listDeliveries(db, { leadId: id, limit: 200 }),
      painPointNames(db),
      customer && !customer.erasedAt ? repo.duplicateLeads(db, id, customer) : Promise.resolve([]),
      visitsOfLead(db, id),
    ]);
  const timezone = setup.rules.timezone;
  const consultantNames = new Map(
    setup.consultants.map((member) => [member.id, member.name ?? member.id]),
  );
  const data = parseLeadData(lead.data);
  const painPoint = data.details?.painPoint;
  // first and last touch: the customer's earliest and latest landings (one landing is both)
  const [firstCapture, lastCapture] = [captures[0], captures.at(-1)];
  return {
    id: lead.id,
    stage: asStage(lead.stage),
    status: asStatus(lead.status),
    lostReason: lead.lostReason,
    bookingOption: data.bookingOption ?? null,
    source: lead.utmSource ?? lead.source,
    createdAt: lead.createdAt.toISOString(),
    updatedAt: lead.updatedAt.toISOString(),
    speedToLead: speedToLead(lead.createdAt, lead.firstStaffActionAt, now),
    customer: customer ? toCustomerView(customer) : null,
    customerErasedAt: customer?.erasedAt?.toISOString() ?? null,
    details: {
      glassCount: data.details?.glassCount ?? null,
      painPoint: painPoint ? { id: painPoint, name: names.get(painPoint) ?? painPoint } : null,
      jobDescription: data.details?.jobDescription ?? null,
      measurements: data.details?.measurements ?? [],
    },
    estimate: data.estimate
      ? { ...data.estimate, computedAt: data.estimate.computedAt ?? null }
      : null,
    files: files.map((f) => ({
      id: f.id,
      name: f.originalName,
      size: f.size,
      contentType: f.contentType,
      isImage: f.contentType.startsWith('image/'),
      uploadStatus: f.uploadStatus,
      createdAt: f.createdAt.toISOString(),
      downloadUrl: leadFileUrls(f.id).downloadUrl,
      thumbnailUrl: f.thumbnailName ? leadFileUrls(f.id).thumbnailUrl : null,
    })),
    bookings: bookingRows.map((b) => ({
      booking: toBookingDto(b, timezone),
      consultant: { id: b.staffId, name: consultantNames.get(b.staffId) ?? b.staffId },
      address:
        b.serviceType === 'onsite' && !customer?.erasedAt ? (customer?.address ?? null) : null,
      noShow: b.status === 'no_show',
      history: bookingHistory(activityRows, b, timezone),
      messages: deliveries.filter((d) => d.bookingId === b.id).map(toMessageDto),
    })),
    attribution: {
      firstTouch: firstCapture ? touchOf(firstCapture, lead.userAgent) : leadTouch(lead, data),
      lastTouch: lastCapture ? touchOf(lastCapture, lead.userAgent) : null,
    },
    timeline: leadTimeline(activityRows, timezone, names),
    messages: deliveries.filter((d) => d.bookingId === null).map(toMessageDto),
    visits: toVisitDtos(visits, customer),
    duplicates: duplicates.map((d) => ({
      id: d.id,
      customerId: d.customerId,
      name: personName(d),
      email: d.email,
      phone: d.phone,
      stage: asStage(d.stage),
      createdAt: d.createdAt.toISOString(),
      matchedOn: [
        ...(d.sameEmail ? ['email' as const] : []),
        ...(d.samePhone ? ['phone' as const] : []),
      ],
    })),
  };
}
