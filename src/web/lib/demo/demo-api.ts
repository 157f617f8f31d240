import { addressRoutes } from './demo-address';
import { bookingRoutes } from './demo-booking';
import { catalogueRoutes } from './demo-catalogue';
import { customerRoutes } from './demo-customer';
import { dashboardRoutes } from './demo-dashboard';
import { notFound, route, type DemoRoute } from './demo-http';
import { settingsRoutes } from './demo-settings';
import { notInDemo, staffRoutes } from './demo-staff';
import { uploadRoutes } from './demo-uploads';

// The static demo build's API (spec §7 local-storage mode, ADR 026): api-client.ts sends every
// call here instead of the network when the build is `vite build --mode demo`. Each answers after
// the simulated 100 ms (spec §9), with the server's shapes and refusals, from this browser's data.

const latencyMs = 100;

/** Calls that only tell the server something: nothing is sent, nothing is kept. */
const quietRoutes: DemoRoute[] = [
  route('POST', '/analytics', () => ({ accepted: 0 })),
  route('POST', '/analytics/session/activity', () => null),
  // the customer's steps for the lead's timeline: the demo's leads show none
  route('POST', '/activities', () => null),
  route('POST', '/analytics/session/expired', () => null),
  route('POST', '/analytics/session/completed', () => null),
  // no server clock: the browser's own timing decides (spec §8, as when the server fails)
  route('POST', '/analytics/session/status', () => ({
    isExpired: false,
    isWarning: false,
    timeUntilExpiry: null,
    shouldClearBookingData: false,
    message: '',
  })),
  route('POST', '/utm/capture', () => ({
    success: true,
    utmTrackingId: null,
    shouldSendGA4: false,
    isNew: false,
  })),
  route('POST', '/utm/link-lead', () => ({ success: true })),
  route('POST', '/utm/send-ga4-event', () => ({ success: false, error: 'demo' })),
];

const routes = [
  ...settingsRoutes,
  ...customerRoutes,
  ...addressRoutes,
  ...bookingRoutes,
  ...uploadRoutes,
  ...staffRoutes,
  ...dashboardRoutes,
  ...catalogueRoutes,
];
const all = [...routes, ...quietRoutes];

function matchRoute(method: string, path: string) {
  const parts = path.split('/');
  for (const candidate of all) {
    if (candidate.method !== method) continue;
    const pattern = candidate.pattern.split('/');
    if (pattern.length !== parts.length) continue;
    const params: string[] = [];
    const same = pattern.every((part, i) => {
      if (part.startsWith(':')) {
        params.push(decodeURIComponent(parts[i]!));
        return parts[i] !== '';
      }
      return part === parts[i];
    });
    if (same) return { handle: candidate.handle, params };
  }
  return null;
}

export async function demoRequest(path: string, method: string, body: unknown): Promise<unknown> {
  await new Promise((resolve) => setTimeout(resolve, latencyMs));
  // any origin: only the path and query are read
  const url = new URL(path, 'http://demo.invalid');
  const apiPath = url.pathname.replace(/^\/api(?=\/)/, '');
  const found = matchRoute(method, apiPath);
  if (!found) {
    // a promo code is refused as unknown (the demo has none); anything else is not in the demo
    throw apiPath.startsWith('/promo-codes/') ? notFound() : notInDemo();
  }
  const answer = await found.handle({
    method,
    params: found.params,
    query: url.searchParams,
    body,
  });
  // a copy, as a server's JSON would be: screens never hold the demo's own objects (a file's
  // bytes, answered to a preview, cannot change)
  if (answer === null || answer === undefined) return null;
  return answer instanceof Blob ? answer : structuredClone(answer);
}
