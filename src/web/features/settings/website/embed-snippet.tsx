import { useState } from 'react';
import { copyText } from '#web/lib/copy-text.ts';

/** What the business pastes into its site's pages (README "Your website" says the same). */
export function snippetFor(appOrigin: string): string {
  return [
    `<script async src="${appOrigin}/embed.js"></script>`,
    '<!-- the booking page inside your page: -->',
    '<div data-tintbook-booking></div>',
    '<!-- or a button that opens it in a pop-up: -->',
    '<button type="button" data-tintbook-popup>Book a consultation</button>',
  ].join('\n');
}

export function EmbedSnippet() {
  const snippet = snippetFor(window.location.origin);
  const [status, setStatus] = useState('');
  const id = 'website-snippet';
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="field-label">
        Code to paste into your website
      </label>
      <p id={`${id}-hint`} className="text-sm text-muted">
        Paste it where the booking page should appear (in WordPress: a Custom HTML block). Keep the
        line you need: the page inline, or the pop-up button; several of either work on one page.
      </p>
      <textarea
        id={id}
        readOnly
        rows={5}
        value={snippet}
        aria-describedby={`${id}-hint`}
        className="field-input font-mono text-sm"
        onFocus={(event) => event.target.select()}
      />
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="button"
          className="btn-quiet"
          onClick={() => void copyText(snippet, id, 'Code').then(setStatus)}
        >
          Copy code
        </button>
        <p role="status" className="font-semibold text-brand">
          {status}
        </p>
      </div>
    </div>
  );
}
