import { randomUUID } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { bookings, customers, leads, uploadedFiles } from '#server/db/schema/index.ts';

// Leads straight in the database, for the back-office tests that need many or exact values.

export interface SeedLead {
  firstName?: string;
  lastName?: string;
  email?: string;
  /** E.164, as the API stores it. */
  phone?: string;
  suburb?: string | null;
  stage?: string;
  status?: string;
  createdAt?: Date;
  utmSource?: string | null;
  utmMedium?: string | null;
  utmCampaign?: string | null;
  painPoint?: string;
  /** The booking option the customer chose (leads.data.bookingOption). */
  bookingOption?: string;
  estimatedPrice?: number;
  photos?: number;
  firstStaffActionAt?: Date | null;
}

export async function seedLead(db: Db, s: SeedLead = {}) {
  const tag = randomUUID().slice(0, 8);
  const [customer] = await db
    .insert(customers)
    .values({
      firstName: s.firstName ?? 'Sam',
      lastName: s.lastName ?? `Seed${tag}`,
      email: s.email ?? `sam.${tag}@example.com`,
      phone: s.phone ?? '+61398765432',
      address: `1 Test Street, ${s.suburb ?? 'Carlton'} VIC 3053`,
      suburb: s.suburb === undefined ? 'Carlton' : s.suburb,
      postcode: '3053',
      state: 'VIC',
      addressLat: -37.8,
      addressLng: 144.96,
      createdBySessionId: randomUUID(),
    })
    .returning();
  const createdAt = s.createdAt ?? new Date('2026-11-20T00:00:00Z');
  const [lead] = await db
    .insert(leads)
    .values({
      customerId: customer!.id,
      sessionId: randomUUID(),
      stage: s.stage ?? 'contact',
      status: s.status ?? 'new',
      utmSource: s.utmSource ?? null,
      utmMedium: s.utmMedium ?? null,
      utmCampaign: s.utmCampaign ?? null,
      data: {
        ...(s.painPoint && {
          details: { glassCount: 3, painPoint: s.painPoint, measurements: [] },
        }),
        ...(s.estimatedPrice !== undefined && { estimatedPrice: s.estimatedPrice }),
        ...(s.bookingOption && { bookingOption: s.bookingOption }),
      },
      firstStaffActionAt: s.firstStaffActionAt ?? null,
      createdAt,
      updatedAt: createdAt,
    })
    .returning();
  for (let i = 0; i < (s.photos ?? 0); i++) {
    await db.insert(uploadedFiles).values({
      leadId: lead!.id,
      originalName: `photo-${i}.jpg`,
      storedName: `${randomUUID()}.jpg`,
      size: 1000,
      contentType: 'image/jpeg',
      uploadStatus: 'uploaded',
    });
  }
  return { leadId: lead!.id, customerId: customer!.id };
}

export interface SeedBooking {
  /** The seeded lead it belongs to (none: a booking the calendar alone sees). */
  lead?: { leadId: string; customerId: string };
  staffId: string;
  serviceType?: 'phone' | 'onsite';
  start: Date;
  minutes?: number;
  status?: string;
}

/** A booking straight in the database (no hold, no messages): what the calendar or a list shows. */
export async function seedBooking(db: Db, s: SeedBooking) {
  const [row] = await db
    .insert(bookings)
    .values({
      leadId: s.lead?.leadId ?? null,
      customerId: s.lead?.customerId ?? null,
      staffId: s.staffId,
      serviceType: s.serviceType ?? 'phone',
      startTime: s.start,
      endTime: new Date(s.start.getTime() + (s.minutes ?? 30) * 60_000),
      ...(s.status && { status: s.status }),
    })
    .returning({ id: bookings.id });
  return row!.id;
}
