import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from '#web/lib/router.tsx';
import { hasPendingSubmissions } from './features/contact/contact-storage';
import { ErrorBoundary } from './features/shell/error-boundary';
import { StartGate } from './features/shell/start-gate';
import { framed } from './lib/embed/framed';
import { firstInteraction } from './lib/first-interaction';
import { createQueryClient } from './lib/query-client';
import { dropLapsedDrafts } from './lib/session-lapse';
import { AppRoutes, schedulePreloads } from './router';

// zod probes for eval (new Function) to compile its parsers; our CSP forbids eval, and Chrome
// reports the refused probe as a CSP issue even though zod catches it. Set before zod loads (the
// lazy screens bring it), without importing it here.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = {
  jitless: true,
};

// Where the visit came from (in a frame on the business's own site, issue 30, the host page's),
// recorded from a small chunk of its own once the visitor does something (whatever reads it
// first records it anyway): off the first screen's budget.
void firstInteraction()
  .then(() => import('./lib/landing'))
  .then((landing) => landing.captureEntry());
// in a frame, the talk with the host page (its height, Escape, step changes) starts at once
if (framed) void import('./lib/embed/frame-bridge').then((bridge) => bridge.startFrameBridge());
// an hour after the last activity the previous visitor's drafts never reach the first paint
dropLapsedDrafts(Date.now());

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <ErrorBoundary>
      <QueryClientProvider client={createQueryClient()}>
        <BrowserRouter>
          <StartGate>
            <AppRoutes />
          </StartGate>
        </BrowserRouter>
      </QueryClientProvider>
    </ErrorBoundary>
  </StrictMode>,
);

schedulePreloads();

// A contact submission the server never received (offline, outage) is re-sent on every start.
if (hasPendingSubmissions()) {
  void import('./features/contact/submission-outbox').then((outbox) => outbox.startOutbox());
}
