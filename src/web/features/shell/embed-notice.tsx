import { attributionParamsOf } from '#shared/attribution/attribution.ts';
import { embedHost } from '#web/lib/embed/embed-host.ts';
import { storageRefused } from '#web/lib/storage-area.ts';

/** This page on its own, with the host page's tags, so a visit opened from here keeps its source. */
function ownPageUrl(): string {
  const url = new URL('/', window.location.origin);
  const params = embedHost ? attributionParamsOf(embedHost.url) : {};
  for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
  return url.href;
}

/**
 * Issue 30: in a frame on another site some browsers refuse the app its storage. The booking
 * still completes (memory stands in), but a reload would lose it: the app's own page, in a tab of
 * its own, is offered as the way out.
 */
export function EmbedNotice() {
  if (!storageRefused()) return null;
  return (
    <p role="note" className="mx-auto w-full max-w-xl px-4 pt-4 text-sm text-muted">
      Your browser does not let this booking form keep your progress on this site, so please do not
      reload it. You can finish here, or{' '}
      <a href={ownPageUrl()} target="_blank" rel="noopener" className="font-semibold underline">
        open in a new tab
      </a>
      .
    </p>
  );
}
