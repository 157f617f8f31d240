/**
 * The only routes an anonymous caller may reach, as `METHOD url` exactly as registered (HEAD of
 * a listed GET is implied). Every other route must refuse callers without a staff session (it
 * is registered inside staff-routes.ts or admin-routes.ts, each one guard for all its routes);
 * route-access.test.ts enforces this, so a new route is either added here on purpose or guarded.
 */
export const publicRoutes: readonly string[] = [
  'GET /health',
  // the booking flow: catalogue, settings and address search it reads
  'GET /api/pain-points',
  'GET /api/booking-options',
  'GET /api/settings',
  'GET /api/address/suggest',
  'GET /api/address/place/*',
  // the booking flow: what the customer sends (rate-limited, answers echo the caller's own data)
  'POST /api/customers',
  'PATCH /api/sessions/:sessionId/link-customer',
  'POST /api/leads',
  'PUT /api/sessions/:sessionId/details',
  'POST /api/estimates',
  'GET /api/sessions/:sessionId/estimate', // the session's own saved estimate (its id is the key)
  'POST /api/uploads',
  'DELETE /api/uploads/:id', // only a file of the caller's own session (sessionId in the query)
  'GET /api/uploads/:id/preview', // a thumbnail of the caller's own session (X-Session-Id header)
  'GET /api/brand-images/:name', // the logos every screen shows (content-hashed, not personal)
  // the booking step: calendar, its rules (not personal), slot holds and the booking itself
  'GET /api/availability',
  'GET /api/trak/next-booking-date',
  'GET /api/trak/settings/booking-rules',
  'GET /api/holds', // the session's own live hold, taken back after a reload of /booking
  'POST /api/holds',
  'PUT /api/holds/:reservationId',
  'DELETE /api/holds/:reservationId',
  'POST /api/bookings',
  // the customer's own booking, reached only with the secret manage token from their e-mail
  'GET /api/manage/:token',
  'GET /api/manage/:token/availability',
  'POST /api/manage/:token/reschedule',
  'POST /api/manage/:token/cancel',
  // a consultant's feed of their bookings, reached only with its secret token (issue 29)
  'GET /api/calendar/:token.ics',
  'POST /api/analytics/session/completed',
  // attribution (spec §7 UTM and ad tracking): rate-limited like the forms
  'POST /api/utm/capture',
  'POST /api/utm/link-lead',
  'POST /api/utm/send-ga4-event',
  // the session timer and analytics (own rate limit: lib/analytics-limit.ts); the report is staff's
  'POST /api/analytics/session/status',
  'POST /api/analytics/session/activity',
  'POST /api/analytics/session/expired',
  'POST /api/analytics',
  'POST /api/activities',
  // Twilio's callbacks: refused unless signed with the account's auth token (X-Twilio-Signature)
  'POST /api/twilio/inbound',
  'POST /api/twilio/status',
  // promo banners: one code at a time, by its text or by a campaign link (rate-limited)
  'GET /api/promo-codes/lookup/:code',
  'POST /api/promo-codes/utm/:utmTrigger',
  // staff sign-in and sign-out (GET /api/staff/session is guarded: it answers 401 when signed out)
  'POST /api/staff/session',
  'DELETE /api/staff/session',
  // the API description (plugins/api-docs.ts); its reference page is apiDocsPrefix below
  'GET /api/openapi.json',
];

/** Routes only an admin may use; every other guarded route takes any signed-in staff member. */
export const adminOnlyRoutes: readonly string[] = [
  // settings by key, messaging, integrations, booking rules (ADR 008)
  'GET /api/settings/:key',
  'POST /api/settings/:key',
  'DELETE /api/settings/:key',
  'GET /api/settings/twilio-config',
  'POST /api/settings/twilio-config',
  'POST /api/admin/brand-images',
  'PUT /api/admin/branding',
  'GET /api/admin/smtp-config',
  'POST /api/admin/smtp-config',
  'GET /api/admin/trak-integration',
  'POST /api/admin/trak-integration',
  'POST /api/trak/settings/booking-rules',
  'GET /api/admin/booking-rules',
  'POST /api/admin/booking-rules/preview',
  // consultants (issue 28)
  'GET /api/admin/consultants',
  'POST /api/admin/consultants',
  'GET /api/admin/consultants/:id',
  'PATCH /api/admin/consultants/:id',
  'DELETE /api/admin/consultants/:id',
  // their own calendars (issue 29): the feed, connecting, syncing now
  'POST /api/admin/consultants/:id/feed',
  'DELETE /api/admin/consultants/:id/feed',
  'PUT /api/admin/consultants/:id/calendar',
  'DELETE /api/admin/consultants/:id/calendar',
  'POST /api/admin/consultants/:id/calendar/refresh',
  // promo codes
  'GET /api/promo-codes',
  'POST /api/promo-codes',
  'GET /api/promo-codes/:id',
  'PUT /api/promo-codes/:id',
  'DELETE /api/promo-codes/:id',
  // campaign links and their QR codes (issue 30)
  'GET /api/admin/campaign-links',
  'POST /api/admin/campaign-links',
  'DELETE /api/admin/campaign-links/:id',
  'GET /api/admin/campaign-links/:id/qr.svg',
  'GET /api/admin/campaign-links/:id/qr.png',
  // catalogue and pricing
  'GET /api/admin/pain-points',
  'POST /api/pain-points',
  'PUT /api/pain-points/:id',
  'DELETE /api/pain-points/:id',
  'GET /api/admin/booking-options',
  'POST /api/booking-options',
  'PUT /api/booking-options/:id',
  'DELETE /api/booking-options/:id',
  'GET /api/admin/pricing',
  'PUT /api/admin/pricing',
  // Settings → Messages: outbound messages, Retry, Send test
  'GET /api/messages',
  'POST /api/messages/:id/retry',
  'POST /api/messages/test',
  // privacy requests (APP 12 and 13)
  'POST /api/admin/privacy/customers/:id/erase',
  'GET /api/admin/privacy/customers/:id/export.zip',
  // Settings → Backups: Back up now (issue 31; the status is for any staff member)
  'POST /api/backups/run',
];

export function routeKey(method: string, url: string): string {
  return `${method} ${url}`;
}

/**
 * The built web app: @fastify/static's wildcard route, registered only when dist/web exists
 * (so not listed above, where every entry must exist). Its files are public by nature.
 */
export const webAppRoute = 'GET /*';

/** Swagger UI's page and files (plugins/api-docs.ts): read-only, about the API's shape only. */
export const apiDocsPrefix = '/api/docs';

export function isPublicRoute(method: string, url: string): boolean {
  const key = routeKey(method === 'HEAD' ? 'GET' : method, url);
  const isReference =
    key.startsWith('GET ') && (url === apiDocsPrefix || url.startsWith(`${apiDocsPrefix}/`));
  return key === webAppRoute || publicRoutes.includes(key) || isReference;
}
