import { useId, useState, type ChangeEvent } from 'react';
import type { Branding, PartnerLogo } from '#shared/branding/branding.contract.ts';
import { uploadBrandImage, useSaveBranding } from './branding-api';
import { accept, limits, messageOf, Outcome, Preview } from './branding-parts';

// The partner strip at the foot of the pages: its logos, their order and links (issue 15 item 15).

function PartnerRow({
  partner,
  index,
  count,
  onChange,
  onMove,
  onRemove,
}: {
  partner: PartnerLogo;
  index: number;
  count: number;
  onChange: (alt: string) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const id = useId();
  const name = partner.alt || `Partner ${index + 1}`;
  return (
    <li className="space-y-2 rounded-lg border border-line p-3">
      <Preview light={partner.lightUrl} dark={partner.darkUrl} alt={name} />
      <div>
        <label htmlFor={`${id}-alt`} className="field-label">
          Alt text of partner {index + 1}
        </label>
        <input
          id={`${id}-alt`}
          className="field-input"
          value={partner.alt}
          maxLength={120}
          onChange={(event) => onChange(event.target.value)}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn-quiet"
          disabled={index === 0}
          onClick={() => onMove(-1)}
        >
          Move {name} up
        </button>
        <button
          type="button"
          className="btn-quiet"
          disabled={index === count - 1}
          onClick={() => onMove(1)}
        >
          Move {name} down
        </button>
        <button type="button" className="btn-quiet" onClick={onRemove}>
          Remove {name}
        </button>
      </div>
    </li>
  );
}

export function PartnersEditor({ branding }: { branding: Branding }) {
  const id = useId();
  const save = useSaveBranding();
  const [partners, setPartners] = useState(branding.partners);
  const [alt, setAlt] = useState('');
  const [light, setLight] = useState<File | null>(null);
  const [dark, setDark] = useState<File | null>(null);
  // a new round of the add form empties its file inputs
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [error, setError] = useState('');

  const update = (next: PartnerLogo[]) => {
    setPartners(next);
    setDone('Not saved yet.');
  };
  const move = (from: number, by: -1 | 1) => {
    const next = [...partners];
    const [row] = next.splice(from, 1);
    if (row) next.splice(from + by, 0, row);
    update(next);
  };
  const work = async (task: () => Promise<string>) => {
    setBusy(true);
    setError('');
    try {
      setDone(await task());
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const add = () =>
    work(async () => {
      if (!alt.trim() || !light) throw new Error('Please give the partner’s name and a logo.');
      const lightImage = await uploadBrandImage(light);
      const darkImage = dark ? await uploadBrandImage(dark) : lightImage;
      setPartners((rows) => [
        ...rows,
        { alt: alt.trim(), lightUrl: lightImage.url, darkUrl: darkImage.url },
      ]);
      setAlt('');
      setLight(null);
      setDark(null);
      setRound((n) => n + 1);
      return `${alt.trim()} added. Save the partners to show it.`;
    });
  const saveAll = () =>
    work(async () => {
      const saved = await save({ ...branding, partners });
      setPartners(saved.partners);
      return saved.partners.length
        ? 'Partners saved. Customers see them at the foot of every page.'
        : 'Partners saved. No partner strip is shown.';
    });
  const file = (set: (file: File | null) => void) => (event: ChangeEvent<HTMLInputElement>) =>
    set(event.target.files?.[0] ?? null);

  return (
    <div className="space-y-3">
      <h3 className="font-semibold">Partner logos</h3>
      <p className="text-muted">
        Shown in a strip at the foot of every page, in this order, each in the version for the
        visitor’s theme. With none, no strip is shown.
      </p>
      {partners.length > 0 && (
        <ul aria-label="Partner logos" className="space-y-3">
          {partners.map((partner, index) => (
            <PartnerRow
              key={`${partner.lightUrl}-${index}`}
              partner={partner}
              index={index}
              count={partners.length}
              onChange={(text) =>
                update(partners.map((row, i) => (i === index ? { ...row, alt: text } : row)))
              }
              onMove={(by) => move(index, by)}
              onRemove={() => update(partners.filter((_, i) => i !== index))}
            />
          ))}
        </ul>
      )}
      <fieldset key={round} className="space-y-3 rounded-lg border border-line p-3">
        <legend className="px-1 font-semibold">Add a partner</legend>
        <div>
          <label htmlFor={`${id}-alt`} className="field-label">
            Partner name (the logo’s alt text)
          </label>
          <input
            id={`${id}-alt`}
            className="field-input"
            value={alt}
            maxLength={120}
            onChange={(event) => setAlt(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor={`${id}-light`} className="field-label">
            Logo for the light theme
          </label>
          <input
            id={`${id}-light`}
            type="file"
            accept={accept}
            onChange={file(setLight)}
            className="field-input"
          />
        </div>
        <div>
          <label htmlFor={`${id}-dark`} className="field-label">
            Logo for the dark theme <span className="font-normal text-muted">(optional)</span>
          </label>
          <p id={`${id}-dark-hint`} className="mb-1 text-sm text-muted">
            {limits}. Without one, the light theme’s logo is shown.
          </p>
          <input
            id={`${id}-dark`}
            type="file"
            accept={accept}
            aria-describedby={`${id}-dark-hint`}
            onChange={file(setDark)}
            className="field-input"
          />
        </div>
        <button type="button" className="btn-quiet" disabled={busy} onClick={() => void add()}>
          Add partner
        </button>
      </fieldset>
      <button type="button" className="btn-primary" disabled={busy} onClick={() => void saveAll()}>
        Save partners
      </button>
      <Outcome done={busy ? 'Saving...' : done} error={error} />
    </div>
  );
}
