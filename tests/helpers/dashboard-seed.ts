import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { seedLead, type SeedLead } from '#tests/helpers/lead-seeds.ts';
import type { Db } from '#server/db/client.ts';
import { activities, bookings, leads, sessions, utmCaptures } from '#server/db/schema/index.ts';

// The visits, leads and bookings whose dashboard figures dashboard.test.ts computes by hand.
// Melbourne moved its clocks from 02:00 AEST (+10) to 03:00 AEDT (+11) on Sunday 4 October 2026,
// so that day has 23 hours. The range 4–5 October runs from 2026-10-03T14:00Z (midnight +10) to
// 2026-10-05T13:00Z (midnight +11); the previous period, 2–3 October, from 2026-10-01T14:00Z.

/** The app's clock in these tests: Tuesday 6 October 2026, 12:00 in Melbourne. */
export const dashboardNow = new Date('2026-10-06T01:00:00Z');
const at = (iso: string) => new Date(iso);
const minutes = (n: number) => n * 60_000;

export async function seedDashboardFigures(db: Db): Promise<void> {
  /** A lead (tests/helpers/lead-seeds) with the attribution and data the dashboard reads. */
  async function lead(
    seed: SeedLead & { createdAt: Date },
    extra: {
      landingPage?: string;
      referrer?: string;
      data?: Record<string, unknown>;
      booking?: { serviceType: 'phone' | 'onsite'; start: string; createdAt: Date };
    } = {},
  ) {
    const { leadId, customerId } = await seedLead(db, seed);
    const [row] = await db.select().from(leads).where(eq(leads.id, leadId));
    await db
      .update(leads)
      .set({
        landingPage: extra.landingPage ?? null,
        referrer: extra.referrer ?? null,
        data: { ...(row!.data as object), ...extra.data },
      })
      .where(eq(leads.id, leadId));
    let bookingId: string | null = null;
    if (extra.booking) {
      const start = at(extra.booking.start);
      const [b] = await db
        .insert(bookings)
        .values({
          leadId,
          customerId,
          staffId: 'staff-1',
          serviceType: extra.booking.serviceType,
          startTime: start,
          endTime: new Date(start.getTime() + minutes(30)),
          createdAt: extra.booking.createdAt,
        })
        .returning();
      bookingId = b!.id;
    }
    return { leadId, customerId, sessionId: row!.sessionId!, bookingId };
  }

  async function visits(createdAt: Date, count: number, follows: string | null = null) {
    for (let i = 0; i < count; i++) {
      await db.insert(sessions).values({
        id: randomUUID(),
        createdAt,
        lastActivity: createdAt,
        previousSessionId: follows,
      });
    }
  }

  // visits: 8 in the range (one at its first instant), 3 before it; an expired session's
  // replacement is the same visit, not a new visitor
  await visits(at('2026-10-03T14:00:00Z'), 1);
  await visits(at('2026-10-04T20:00:00Z'), 7);
  await visits(at('2026-10-04T21:00:00Z'), 1, randomUUID());
  await visits(at('2026-10-02T03:00:00Z'), 2);
  await visits(at('2026-10-03T13:59:59Z'), 1);
  await visits(at('2026-10-05T13:00:00Z'), 4); // 6 October: after the range

  const google = { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'spring' };
  // A: the range's first instant, 4 October 00:00 AEST; its capture says Google Ads
  const a = await lead({ ...google, createdAt: at('2026-10-03T14:00:00Z') });
  await db.insert(utmCaptures).values({ sessionId: a.sessionId, family: 'google_ads' });
  // B: a gclid on the landing page; estimate seen with a promo that was not booked
  await lead(
    {
      ...google,
      createdAt: at('2026-10-04T02:00:00Z'),
      stage: 'estimate',
      painPoint: 'thermal',
      estimatedPrice: 100_000,
      firstStaffActionAt: at('2026-10-04T02:10:00Z'),
    },
    {
      landingPage: 'https://tint.example/?gclid=abc123',
      data: { estimate: { discount: { code: 'SPRING10', amountCents: 10_000 } } },
    },
  );
  // C: 13:30Z on 4 October is 00:30 on 5 October AEDT (a fixed +10 would say 4 October)
  await lead(
    {
      utmSource: 'facebook',
      utmMedium: 'paid_social',
      createdAt: at('2026-10-04T13:30:00Z'),
      stage: 'booked',
      painPoint: 'uv-privacy',
      estimatedPrice: 50_000,
      firstStaffActionAt: at('2026-10-04T14:00:00Z'),
    },
    {
      landingPage: 'https://tint.example/?fbclid=fb1',
      booking: {
        serviceType: 'onsite',
        start: '2026-10-07T22:00:00Z', // Thursday 8 October 09:00
        createdAt: at('2026-10-04T14:00:00Z'),
      },
    },
  );
  // D: organic, won, booked by phone with a promo
  const d = await lead(
    {
      createdAt: at('2026-10-05T05:00:00Z'),
      stage: 'won',
      painPoint: 'uv-privacy',
      estimatedPrice: 30_000,
      firstStaffActionAt: at('2026-10-05T05:20:00Z'),
    },
    {
      referrer: 'https://www.google.com.au/',
      data: { estimate: { discount: { code: 'spring10', amountCents: 3_000 } } },
      booking: {
        serviceType: 'phone',
        start: '2026-10-06T23:00:00Z', // Wednesday 7 October 10:00
        createdAt: at('2026-10-05T05:10:00Z'),
      },
    },
  );
  // E: lost after Details
  await lead({ createdAt: at('2026-10-05T06:00:00Z'), stage: 'lost', painPoint: 'thermal' });
  // after the range (6 October 00:00 AEDT): counts nowhere
  await lead({ ...google, createdAt: at('2026-10-05T13:00:00Z'), stage: 'won' });

  // the previous period: P1 on 3 October 23:59:59 AEST, P2 on 2 October with a cancelled booking
  await lead({
    ...google,
    createdAt: at('2026-10-03T13:59:59Z'),
    stage: 'details',
    painPoint: 'thermal',
    firstStaffActionAt: at('2026-10-03T14:59:59Z'),
  });
  const p2 = await lead(
    { ...google, createdAt: at('2026-10-02T00:00:00Z') },
    {
      booking: {
        serviceType: 'phone',
        start: '2026-10-12T23:00:00Z',
        createdAt: at('2026-10-02T01:00:00Z'),
      },
    },
  );
  await db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, p2.bookingId!));
  // a no-show marked by staff: made before the range, its appointment in it
  await db.insert(bookings).values({
    staffId: 'staff-2',
    serviceType: 'phone',
    status: 'no_show',
    startTime: at('2026-10-04T23:00:00Z'),
    endTime: at('2026-10-04T23:30:00Z'),
    createdAt: at('2026-10-01T14:30:00Z'),
  });
  // in the range: P2's booking cancelled, D's moved once
  await db.insert(activities).values([
    { action: 'booking_cancelled', leadId: p2.leadId, timestamp: at('2026-10-04T03:00:00Z') },
    { action: 'booking_rescheduled', leadId: d.leadId, timestamp: at('2026-10-05T06:00:00Z') },
    // the day after the range
    { action: 'booking_cancelled', leadId: d.leadId, timestamp: at('2026-10-05T13:00:00Z') },
  ]);
}
