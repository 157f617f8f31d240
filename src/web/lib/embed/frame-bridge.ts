import { embedMessageTypes } from '#shared/embed/embed-messages.ts';
import { attributionParamsOf } from '#shared/attribution/attribution.ts';
import { captureLanding } from '#web/lib/landing.ts';
import { storageRefused } from '#web/lib/storage-area.ts';
import { embedHost, postToHost, visitEntry } from './embed-host';
import { listenForSteps } from './framed';

// Issue 30: what the app does in a frame, loaded after the first screen (main.tsx).

/**
 * In a frame the page is as tall as its content (styles.css drops the full-screen minimum), and
 * the host page sizes the frame to it: no inner scrollbar, whatever the step.
 */
function followHeight(): void {
  let sent = 0;
  new ResizeObserver(() => {
    const height = Math.ceil(document.body.getBoundingClientRect().height);
    if (height === sent) return;
    sent = height;
    postToHost({ type: embedMessageTypes.height, height });
  }).observe(document.body);
}

/**
 * Escape inside the frame stays inside it (the browser gives the key to the focused frame): one
 * that nothing here used (an open list or dialog of the flow's own) asks the host to close its
 * pop-up. The host ignores it for an inline frame.
 */
function forwardEscape(): void {
  window.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (document.querySelector('dialog[open]')) return;
    postToHost({ type: embedMessageTypes.close });
  });
}

/** Called once in any frame: the visit's landing, and on a host page the talk with it. */
export function startFrameBridge(): void {
  const entry = visitEntry();
  captureLanding(entry.url, entry.referrer);
  if (!embedHost) return;
  // the page is as tall as its content (styles.css)
  document.documentElement.dataset.embedded = '';
  followHeight();
  forwardEscape();
  if (storageRefused()) offerOwnTab(embedHost.url);
  // in a frame the host page scrolls, not this one: it brings the frame's top into view
  listenForSteps(() => postToHost({ type: embedMessageTypes.step }));
}

/**
 * Some browsers refuse a frame on another site its storage: the booking still completes (memory
 * stands in), but a reload would lose it, so the app's own page in a tab of its own is offered,
 * with the host page's tags so the visit keeps its source. Above the app, outside React's root.
 */
function offerOwnTab(hostUrl: string): void {
  const url = new URL('/', window.location.origin);
  for (const [name, value] of Object.entries(attributionParamsOf(hostUrl))) {
    url.searchParams.set(name, value);
  }
  const note = document.createElement('p');
  note.setAttribute('role', 'note');
  note.className = 'mx-auto w-full max-w-xl px-4 pt-4 text-sm text-muted';
  note.textContent =
    'Your browser does not let this booking form keep your progress on this site, so please do not reload it. You can finish here, or ';
  const link = document.createElement('a');
  link.href = url.href;
  link.target = '_blank';
  link.rel = 'noopener';
  link.className = 'font-semibold underline';
  link.textContent = 'open in a new tab';
  note.append(link, '.');
  document.body.prepend(note);
}
