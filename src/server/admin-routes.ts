import type { FastifyPluginAsync } from 'fastify';
import { adminCampaignLinksRoutes } from './features/campaign-links/campaign-links.routes';
import { adminCatalogueRoutes } from './features/admin-catalogue/admin-catalogue.routes';
import { adminPromoCodesRoutes } from './features/admin-promo-codes/admin-promo-codes.routes';
import { backupsAdminRoutes } from './features/backups/backups.routes';
import { adminSettingsRoutes } from './features/admin-settings/admin-settings.routes';
import { adminCalendarRoutes } from './features/calendar-sync/calendar-sync.routes';
import { adminBookingRulesRoutes } from './features/booking-rules/booking-rules.routes';
import { adminConsultantsRoutes } from './features/consultants/consultants.routes';
import { adminMessagesRoutes } from './features/messages-admin/messages-admin.routes';
import { privacyRoutes } from './features/privacy/privacy.routes';
import { brandingRoutes } from './features/settings/branding.routes';
import { brandImagesAdminRoutes } from './features/uploads/brand-images.routes';

/**
 * Every admin-only route of the API. The admin guard is one hook on this encapsulated plugin, so
 * it covers each route registered inside it, and runs onRequest: an anonymous caller is refused
 * before the body is read or validated. A route added here cannot forget its guard.
 */
export const adminRoutes: FastifyPluginAsync = async (admin) => {
  admin.addHook('onRequest', admin.requireAdmin);
  await admin.register(adminSettingsRoutes);
  await admin.register(adminPromoCodesRoutes);
  await admin.register(adminCatalogueRoutes);
  await admin.register(adminBookingRulesRoutes);
  await admin.register(adminConsultantsRoutes);
  await admin.register(adminCalendarRoutes);
  await admin.register(adminMessagesRoutes);
  await admin.register(privacyRoutes);
  await admin.register(brandImagesAdminRoutes);
  await admin.register(brandingRoutes);
  await admin.register(adminCampaignLinksRoutes);
  await admin.register(backupsAdminRoutes);
};
