import { attributionParamsOf } from '#shared/attribution/attribution.ts';

// Issue 30: loaded only in a frame whose browser refuses it storage (frame-bridge.ts).

/**
 * Some browsers refuse a frame on another site its storage: the booking still completes (memory
 * stands in), but a reload would lose it, so the app's own page in a tab of its own is offered,
 * with the host page's tags so the visit keeps its source. Above the app, outside React's root.
 */
export function offerOwnTab(hostUrl: string): void {
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
