import { z } from 'zod';
import { embedOriginsSchema } from '#shared/embed/embed-origins.ts';
import { AdminForm } from '#web/components/admin/admin-form.tsx';
import { AdminSection, QueryContent } from '#web/components/admin/admin-section.tsx';
import { useAdminForm } from '#web/components/admin/use-admin-form.ts';
import {
  useSettingsCategory,
  type SavedSettings,
} from '#web/features/settings/general/settings-api.ts';
import { EmbedPreview } from './embed-preview';
import { EmbedSnippet } from './embed-snippet';

const key = 'embed_allowed_origins';
const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const formSchema = z.object({
  [key]: z.string().superRefine((text, context) => {
    const checked = embedOriginsSchema.safeParse(linesOf(text));
    if (!checked.success) {
      context.addIssue({ code: 'custom', message: checked.error.issues[0]?.message ?? '' });
    }
  }),
});
type SitesForm = z.infer<typeof formSchema>;

const savedSites = (saved: SavedSettings): string[] =>
  Array.isArray(saved[key]) ? (saved[key] as unknown[]).filter((s) => typeof s === 'string') : [];

function SitesForm({
  saved,
  save,
}: {
  saved: string[];
  save: ReturnType<typeof useSettingsCategory>['save'];
}) {
  const { frame, field } = useAdminForm({
    idPrefix: 'website',
    defaultValues: { [key]: saved.join('\n') },
    schema: formSchema,
    // the server stores each site as a browser names it: the form shows what was kept
    save: (values: SitesForm) => save([[key, linesOf(values[key])]]),
    afterSave: (_result, values) => ({
      [key]: embedOriginsSchema.parse(linesOf(values[key])).join('\n'),
    }),
  });
  const { id, error, ...input } = field(key);
  const hintId = `${id}-hint`;
  return (
    <AdminForm label="Sites allowed to show the booking page" {...frame}>
      <div>
        <label htmlFor={id} className="field-label">
          Your website&apos;s addresses <span className="font-normal text-muted">(optional)</span>
        </label>
        <p id={hintId} className="mb-1 text-sm text-muted">
          One per line, like https://www.example.com.au (http://localhost to try it on your own
          computer). Leave it empty and no other site can show the booking page.
        </p>
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
        <textarea
          id={id}
          rows={3}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={[error && `${id}-error`, hintId].filter(Boolean).join(' ')}
          className="field-input font-mono text-sm"
          {...input}
        />
      </div>
    </AdminForm>
  );
}

/** Settings → "Your website" (issue 30): which sites may show the booking flow, and how. */
export function WebsiteSection() {
  const { query, save } = useSettingsCategory('website');
  const demo = import.meta.env.MODE === 'demo';
  return (
    <AdminSection
      id="website"
      title="Your website"
      description="Put the booking page on your own website: inline in a page, or in a pop-up opened by a button. Visits keep their ad and campaign tags, and your Google Ads or GA4 tag can count each booking."
    >
      {demo ? (
        <p role="note">
          The demo has no server, so it cannot be shown on another website: this section works in
          the installed app only.
        </p>
      ) : (
        <QueryContent query={query}>
          {(data) => (
            <>
              <SitesForm saved={savedSites(data)} save={save} />
              <EmbedSnippet />
              <EmbedPreview listed={savedSites(data).length > 0} />
            </>
          )}
        </QueryContent>
      )}
    </AdminSection>
  );
}
