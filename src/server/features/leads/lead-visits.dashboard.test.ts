import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeCustomerInput, makeLeadInput } from '#tests/factories.ts';
import { createBookingTestApp } from '#tests/helpers/booking-flows.ts';
import { createStaff, sameOrigin, signInAs } from '#tests/helpers/staff.ts';
import type { CustomerInput } from '#shared/contact/contact.contract.ts';
import { activities, leads, sessions } from '#server/db/schema/index.ts';

// ADR 043: a person coming back is one enquiry with two visits, on a dashboard of its own app.
const email = () => `back.${randomUUID().slice(0, 8)}@example.com`;

describe('the dashboard and a returning customer', () => {
  it('counts one enquiry and two visits on the dashboard for one person coming back', async () => {
    const dashboardApp = await createBookingTestApp();
    try {
      const db = dashboardApp.database.db;
      const enquire = async (person: Partial<CustomerInput>) => {
        const sessionId = randomUUID();
        const input = makeCustomerInput({ ...person, sessionId });
        const customerId = (
          await dashboardApp.app.inject({ method: 'POST', url: '/api/customers', payload: input })
        ).json().customer.id as string;
        await dashboardApp.app.inject({
          method: 'PATCH',
          url: `/api/sessions/${sessionId}/link-customer`,
          payload: { customerId },
        });
        const lead = await dashboardApp.app.inject({
          method: 'POST',
          url: '/api/leads',
          payload: makeLeadInput({ sessionId, customerId }),
        });
        return { sessionId, leadId: lead.json().lead.id as string };
      };
      const person = { email: email() };
      const a = await enquire(person);
      const b = await enquire(person);
      const c = await enquire({ email: email() });
      // the rows on the test clock's day (the database stamps the wall clock)
      const now = dashboardApp.clock.now;
      const ids = [a.sessionId, b.sessionId, c.sessionId];
      await db.update(sessions).set({ createdAt: now }).where(inArray(sessions.id, ids));
      await db
        .update(leads)
        .set({ createdAt: now })
        .where(inArray(leads.id, [a.leadId, c.leadId]));
      const cookie = await signInAs(
        dashboardApp.app,
        (await createStaff(db, { role: 'admin' })).email,
      );
      const res = await dashboardApp.app.inject({
        method: 'GET',
        url: '/api/dashboard?from=2026-11-23&to=2026-11-23&compare=none',
        headers: { cookie, ...sameOrigin },
      });
      expect(res.statusCode, res.body).toBe(200);
      const steps = res.json().funnel.steps as { step: string; count: { current: number } }[];
      const count = (step: string) => steps.find((s) => s.step === step)!.count.current;
      // three visits, two people, two enquiries
      expect([count('visitors'), count('contact')]).toEqual([3, 2]);
      expect(
        await db.$count(
          activities,
          and(eq(activities.action, 'came_back'), eq(activities.leadId, a.leadId)),
        ),
      ).toBe(1);
    } finally {
      await dashboardApp.close();
    }
  });
});
