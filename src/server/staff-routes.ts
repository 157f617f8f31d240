import type { FastifyPluginAsync } from 'fastify';
import { analyticsStaffRoutes } from './features/analytics/analytics.routes';
import { backupsStaffRoutes } from './features/backups/backups.routes';
import { bookingsStaffRoutes } from './features/bookings/bookings.routes';
import { campaignLinkStatsRoutes } from './features/campaign-links/campaign-links.routes';
import { customersStaffRoutes } from './features/customers/customers.routes';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { leadsStaffRoutes } from './features/leads/leads-staff.routes';
import { scheduleRoutes } from './features/schedule/schedule.routes';
import { setupRoutes } from './features/settings/setup.routes';
import { staffBookingsRoutes } from './features/staff-bookings/staff-bookings.routes';
import { staffSessionRoutes } from './features/staff-auth/staff-auth.routes';
import { uploadsStaffRoutes } from './features/uploads/uploads.routes';

/**
 * Every route for staff and admins alike, the twin of admin-routes.ts. The staff guard is one
 * hook on this encapsulated plugin, so it covers each route registered inside it, and runs
 * onRequest: an anonymous caller gets 401 before the body is read or validated. A route added
 * here cannot forget its guard.
 */
export const staffRoutes: FastifyPluginAsync = async (staff) => {
  staff.addHook('onRequest', staff.requireStaff);
  await staff.register(staffSessionRoutes);
  await staff.register(leadsStaffRoutes);
  await staff.register(customersStaffRoutes);
  await staff.register(bookingsStaffRoutes);
  await staff.register(uploadsStaffRoutes);
  await staff.register(analyticsStaffRoutes);
  await staff.register(dashboardRoutes);
  await staff.register(backupsStaffRoutes);
  await staff.register(campaignLinkStatsRoutes);
  await staff.register(setupRoutes);
  await staff.register(scheduleRoutes);
  await staff.register(staffBookingsRoutes);
};
