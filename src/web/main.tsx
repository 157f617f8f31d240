import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { hasPendingSubmissions } from './features/contact/contact-storage';
import { ErrorBoundary } from './features/shell/error-boundary';
import { StartGate } from './features/shell/start-gate';
import { captureLanding } from './lib/landing';
import { createQueryClient } from './lib/query-client';
import { AppRoutes, schedulePreloads } from './router';

captureLanding(window.location.href, document.referrer);

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
