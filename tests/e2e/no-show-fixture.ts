import type { Db } from '#server/db/client.ts';
import { bookings, customers, leads } from '#server/db/schema/index.ts';

// A booking whose time has passed on every e2e server (all clocks start on or after 4 October
// 2026), so staff can mark it as a no-show: a customer cannot book in the past. Enquired and
// booked that morning (so the day's dashboard is not empty), outside the ranges other specs read.
export const noShowFixture = {
  customerId: '7e2e0000-0000-4000-8000-00000000a001',
  leadId: '7e2e0000-0000-4000-8000-00000000a002',
  bookingId: '7e2e0000-0000-4000-8000-00000000a003',
  day: '2026-10-01',
} as const;

export async function seedPastBooking(db: Db) {
  const made = new Date('2026-10-01T08:00:00+10:00');
  await db
    .insert(customers)
    .values({
      id: noShowFixture.customerId,
      firstName: 'Noah',
      lastName: 'Noshow',
      email: 'noah.noshow@example.com',
      phone: '+61400000999',
      address: '1 Past Street, Richmond VIC 3121',
      createdAt: made,
    })
    .onConflictDoNothing();
  await db
    .insert(leads)
    .values({
      id: noShowFixture.leadId,
      customerId: noShowFixture.customerId,
      stage: 'booked',
      createdAt: made,
    })
    .onConflictDoNothing();
  await db
    .insert(bookings)
    .values({
      id: noShowFixture.bookingId,
      customerId: noShowFixture.customerId,
      leadId: noShowFixture.leadId,
      staffId: 'staff-1',
      serviceType: 'phone',
      startTime: new Date('2026-10-01T10:00:00+10:00'),
      endTime: new Date('2026-10-01T10:30:00+10:00'),
      createdAt: made,
    })
    .onConflictDoNothing();
}
