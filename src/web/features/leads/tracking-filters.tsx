import type { LeadView, LeadViewPatch } from './lead-view';

const fields = [
  { name: 'source', label: 'Source', hint: 'utm_source, e.g. google' },
  { name: 'medium', label: 'Medium', hint: 'utm_medium, e.g. cpc' },
  { name: 'campaign', label: 'Campaign', hint: 'utm_campaign' },
] as const;

/**
 * Source, medium and campaign: typed, so they apply together with Apply (or Enter), not on
 * every key. Keyed by the URL's values: back/forward puts those back in the boxes.
 */
export function TrackingFilters({
  view,
  onApply,
}: {
  view: LeadView;
  onApply: (patch: LeadViewPatch) => void;
}) {
  return (
    <form
      aria-label="Where the lead came from"
      className="grid gap-3 sm:col-span-2 sm:grid-cols-3 lg:col-span-3"
      onSubmit={(event) => {
        event.preventDefault();
        const data = new FormData(event.currentTarget);
        const patch: LeadViewPatch = {};
        for (const { name } of fields) patch[name] = String(data.get(name) ?? '').trim();
        onApply(patch);
      }}
    >
      {fields.map(({ name, label, hint }) => (
        <div key={`${name}:${view[name] ?? ''}`}>
          <label htmlFor={`leads-${name}`} className="field-label">
            {label}
          </label>
          <input
            id={`leads-${name}`}
            name={name}
            className="field-input"
            defaultValue={view[name] ?? ''}
            maxLength={200}
            autoComplete="off"
            aria-describedby={`leads-${name}-hint`}
          />
          <p id={`leads-${name}-hint`} className="mt-1 text-sm text-muted">
            {hint}
          </p>
        </div>
      ))}
      <div>
        <button type="submit" className="btn-quiet">
          Apply
        </button>
      </div>
    </form>
  );
}
