import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ChangeEvent } from 'react';
import type { Branding } from '#shared/branding/branding.contract.ts';
import { AdminSection } from '#web/components/admin/admin-section.tsx';
import { settingsQuery } from '#web/lib/queries.ts';
import { uploadBrandImage, useSaveBranding } from './branding-api';
import { accept, limits, messageOf, Outcome, Preview } from './branding-parts';
import { PartnersEditor } from './partner-logos-editor';

function LogoEditor({ branding }: { branding: Branding }) {
  const id = useId();
  const save = useSaveBranding();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState('');
  const [error, setError] = useState('');
  const run = async (work: () => Promise<Branding>, message: string) => {
    setBusy(true);
    setDone('');
    setError('');
    try {
      await work();
      setDone(message);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };
  const onFile =
    (key: 'logoUrl' | 'logoDarkUrl', message: string) => (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      event.target.value = '';
      if (!file) return;
      void run(async () => {
        const image = await uploadBrandImage(file);
        return save({ ...branding, [key]: image.url });
      }, message);
    };
  return (
    <div className="space-y-3">
      <h3 className="font-semibold">Logo</h3>
      <p className="text-muted">
        Shown in the centre of the header of every page instead of the business name; in the dark
        theme its dark version if you upload one, else the same logo (both are previewed below).
      </p>
      {branding.logoUrl ? (
        <Preview
          light={branding.logoUrl}
          dark={branding.logoDarkUrl ?? branding.logoUrl}
          alt="Current logo"
        />
      ) : (
        <p className="text-muted">No logo yet: the header shows the business name.</p>
      )}
      <div>
        <label htmlFor={`${id}-logo`} className="field-label">
          {branding.logoUrl ? 'Replace the logo' : 'Upload a logo'}
        </label>
        <p id={`${id}-logo-hint`} className="mb-1 text-sm text-muted">
          {limits}. Its alt text is the business name.
        </p>
        <input
          id={`${id}-logo`}
          type="file"
          accept={accept}
          disabled={busy}
          aria-describedby={`${id}-logo-hint`}
          onChange={onFile('logoUrl', 'Logo saved. Customers see it in the header.')}
          className="field-input"
        />
      </div>
      {branding.logoUrl && (
        <div>
          <label htmlFor={`${id}-logo-dark`} className="field-label">
            {branding.logoDarkUrl ? 'Replace the dark-theme logo' : 'Upload a dark-theme logo'}{' '}
            <span className="font-normal text-muted">(optional)</span>
          </label>
          <p id={`${id}-logo-dark-hint`} className="mb-1 text-sm text-muted">
            {limits}. Without one, the logo above is shown in the dark theme too.
          </p>
          <input
            id={`${id}-logo-dark`}
            type="file"
            accept={accept}
            disabled={busy}
            aria-describedby={`${id}-logo-dark-hint`}
            onChange={onFile(
              'logoDarkUrl',
              'Dark-theme logo saved. Customers on the dark theme see it in the header.',
            )}
            className="field-input"
          />
        </div>
      )}
      <div className="flex flex-wrap gap-2">
        {branding.logoUrl && (
          <button
            type="button"
            className="btn-quiet"
            disabled={busy}
            onClick={() =>
              // the dark version goes with it: it is never shown without the logo
              void run(
                () => save({ ...branding, logoUrl: null, logoDarkUrl: null }),
                'Logo removed.',
              )
            }
          >
            Remove the logo
          </button>
        )}
        {branding.logoUrl && branding.logoDarkUrl && (
          <button
            type="button"
            className="btn-quiet"
            disabled={busy}
            onClick={() =>
              void run(
                () => save({ ...branding, logoDarkUrl: null }),
                'Dark-theme logo removed. The logo is shown on both themes.',
              )
            }
          >
            Remove the dark-theme logo
          </button>
        )}
      </div>
      <Outcome done={busy ? 'Saving...' : done} error={error} />
    </div>
  );
}

/** The logo in the header and the partner strip at the foot of the pages (issue 15 item 15). */
export function BrandingSection() {
  const { data } = useQuery(settingsQuery);
  return (
    <AdminSection
      id="branding"
      title="Logo and partners"
      description="What customers see in the header and at the foot of every page."
    >
      {data ? (
        <>
          <LogoEditor branding={data.branding} />
          <PartnersEditor branding={data.branding} />
        </>
      ) : (
        <p role="status">Loading...</p>
      )}
    </AdminSection>
  );
}
