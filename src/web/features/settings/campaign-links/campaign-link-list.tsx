import { useState } from 'react';
import type { CampaignLink } from '#shared/admin/campaign-links.contract.ts';
import { Detail } from '#web/components/admin/list-entry.tsx';
import { qrUrl } from './campaign-links-api';

export const deleteButtonId = (link: CampaignLink) => `campaign-link-delete-${link.id}`;
const urlInputId = (link: CampaignLink) => `campaign-link-url-${link.id}`;

/** The link's address, copied with one click; selected for Ctrl+C when the browser refuses. */
function CopyableUrl({ link }: { link: CampaignLink }) {
  const id = urlInputId(link);
  const [status, setStatus] = useState('');
  const copy = async () => {
    setStatus('');
    try {
      await navigator.clipboard.writeText(link.url);
      setStatus('Copied');
    } catch {
      // no clipboard (an insecure origin, a refused permission): select it for Ctrl+C instead
      const input = document.getElementById(id);
      if (input instanceof HTMLInputElement) {
        input.focus();
        input.select();
      }
      setStatus('Copying was not allowed: the link is selected, press Ctrl+C (⌘C on a Mac).');
    }
  };
  return (
    <div className="mt-3">
      <label htmlFor={id} className="field-label">
        Link for {link.name}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={link.url}
          className="field-input min-w-0 flex-1 font-mono text-sm"
          onFocus={(event) => event.target.select()}
        />
        <button
          type="button"
          className="btn-primary"
          aria-label={`Copy link for ${link.name}`}
          onClick={() => void copy()}
        >
          Copy link
        </button>
      </div>
      <p role="status" className="mt-1 min-h-6 text-sm font-semibold text-brand">
        {status}
      </p>
    </div>
  );
}

/** Every saved link, newest first: its tags, its address and its QR code downloads. */
export function CampaignLinkList({
  links,
  onDelete,
}: {
  links: CampaignLink[];
  onDelete: (link: CampaignLink) => void;
}) {
  if (links.length === 0) {
    return <p className="text-muted">No saved links yet.</p>;
  }
  return (
    <ul aria-label="Saved links" className="space-y-3">
      {links.map((link) => (
        <li key={link.id} className="rounded-xl border border-line p-4">
          <h3 className="text-lg font-bold break-words">{link.name}</h3>
          <dl className="mt-2 space-y-1">
            <Detail term="Source">{link.source}</Detail>
            <Detail term="Medium">{link.medium}</Detail>
            <Detail term="Campaign">{link.campaign}</Detail>
            <Detail term="Promo code">{link.promoCode ?? 'None'}</Detail>
          </dl>
          <CopyableUrl link={link} />
          <div className="flex flex-wrap gap-3">
            {(['svg', 'png'] as const).map((format) => (
              <a
                key={format}
                href={qrUrl(link, format)}
                download
                className="btn-quiet"
                aria-label={`Download QR (${format.toUpperCase()}) for ${link.name}`}
              >
                Download QR ({format.toUpperCase()})
              </a>
            ))}
            <button
              id={deleteButtonId(link)}
              type="button"
              className="btn-quiet text-danger"
              aria-label={`Delete ${link.name}`}
              onClick={() => onDelete(link)}
            >
              Delete
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
