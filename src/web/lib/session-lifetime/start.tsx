import { createRoot } from 'react-dom/client';
import { startAnalytics } from '#web/lib/analytics/analytics-client.ts';
import { SessionNotices } from './session-notices';
import { startSessionLifetime } from './session-lifetime';

let mounted = false;

/** The session timer and its notices (in a root of their own beside the app's), and analytics. */
export function startSessionNotices(): void {
  if (mounted) return;
  mounted = true;
  startSessionLifetime();
  startAnalytics();
  const host = document.createElement('div');
  host.id = 'session-notices';
  document.body.append(host);
  createRoot(host).render(<SessionNotices />);
}
