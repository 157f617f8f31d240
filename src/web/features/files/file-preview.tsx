import { useEffect, useState } from 'react';
import { request } from '#web/lib/api-client.ts';
import { getSessionId } from '#web/lib/session-id.ts';

/** The thumbnail's bytes: from the server, or in the static demo from this browser (ADR 026). */
function readPreview(id: string, signal: AbortSignal): Promise<Blob | null> {
  if (import.meta.env.MODE === 'demo') {
    const query = new URLSearchParams({ sessionId: getSessionId() });
    return request<Blob>(`/api/uploads/${encodeURIComponent(id)}/preview?${query}`, { signal });
  }
  return fetch(`/api/uploads/${encodeURIComponent(id)}/preview`, {
    headers: { 'x-session-id': getSessionId() },
    signal,
  }).then((res) => (res.ok ? res.blob() : null));
}

/**
 * The thumbnail the server made of an uploaded photo. It is read with the session id in a
 * header and shown through a blob: URL, which only this page can open and nobody can guess
 * (ADR 030). Nothing shows while it loads or when it cannot be read.
 */
export function FilePreview({ id, name }: { id: string; name: string }) {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    let made: string | null = null;
    readPreview(id, abort.signal)
      .then((blob) => {
        if (!blob || abort.signal.aborted) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => {
        // offline or removed: the list shows the name without a picture
      });
    return () => {
      abort.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  if (!url) return null;
  return (
    <img
      src={url}
      alt={`Preview of ${name}`}
      className="size-16 shrink-0 rounded-lg border border-line object-cover"
    />
  );
}
