import { embedMessageTypes } from '#shared/embed/embed-messages.ts';
import { storageRefused } from '#web/lib/storage-area.ts';
import { embedHost, postToHost } from './embed-host';
import { listenForSteps } from './framed';

// Issue 30: what the app does in a frame from the start (main.tsx loads it in frames only). It
// counts in the frame's first-screen budget: what can wait (the landing) waits for the first
// interaction as on `/`, and the note for browsers that refuse storage loads only there.

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

/** Called once in any frame: on a host page of the business's, the talk with it. */
export function startFrameBridge(): void {
  if (!embedHost) return;
  // the page is as tall as its content (styles.css)
  document.documentElement.dataset.embedded = '';
  followHeight();
  forwardEscape();
  const { url } = embedHost;
  if (storageRefused()) void import('./own-tab-offer').then((offer) => offer.offerOwnTab(url));
  // in a frame the host page scrolls, not this one: it brings the frame's top into view
  listenForSteps(() => postToHost({ type: embedMessageTypes.step }));
}
