import { useQuery } from '@tanstack/react-query';
import {
  bookingStateLabels,
  bookingStates,
  leadSorts,
  leadStatuses,
  sortLabels,
  statusLabels,
} from '#shared/leads/leads.contract.ts';
import { painPointsQuery } from '#web/lib/pain-points.ts';
import { FilterSelect, optionsOf } from './filter-select';
import { activeExtraFilters, type LeadView, type LeadViewPatch } from './lead-view';
import { TrackingFilters } from './tracking-filters';

const photoOptions = [
  { value: 'true', label: 'With photos' },
  { value: 'false', label: 'Without photos' },
];

interface Props {
  view: LeadView;
  onChange: (name: keyof LeadView, value: string) => void;
  onApply: (patch: LeadViewPatch) => void;
  onClear: () => void;
}

/** Sort, and the filters beyond stage and search, folded away until wanted. */
export function LeadFilters({ view, onChange, onApply, onClear }: Props) {
  const painPoints = useQuery(painPointsQuery);
  const active = activeExtraFilters(view);
  const painPointOptions = (painPoints.data ?? []).map((p) => ({ value: p.id, label: p.name }));
  // a link may name a pain point no longer offered: it stays choosable, so the select is true
  if (view.painPoint && !painPointOptions.some((p) => p.value === view.painPoint)) {
    painPointOptions.push({ value: view.painPoint, label: view.painPoint });
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 flex-1 sm:flex-none">
          <FilterSelect
            id="leads-sort"
            label="Sort by"
            name="sort"
            value={view.sort}
            options={optionsOf(leadSorts, sortLabels)}
            onChange={onChange}
          />
        </div>
        {active > 0 && (
          <button type="button" className="btn-quiet" onClick={onClear}>
            Clear filters
          </button>
        )}
      </div>
      {/* open by itself when a shared link carries filters, so what narrows the list is seen */}
      <details open={active > 0 || undefined} className="rounded-lg border border-line">
        <summary className="min-h-11 cursor-pointer px-3 py-2 font-semibold">
          More filters{active > 0 ? ` (${active} on)` : ''}
        </summary>
        <div className="grid gap-3 border-t border-line p-3 sm:grid-cols-2 lg:grid-cols-3">
          <FilterSelect
            id="leads-status"
            label="Status"
            name="status"
            value={view.status}
            anyLabel="Any status"
            options={optionsOf(leadStatuses, statusLabels)}
            onChange={onChange}
          />
          <FilterSelect
            id="leads-booking"
            label="Booking"
            name="booking"
            value={view.booking}
            anyLabel="Any booking"
            options={optionsOf(bookingStates, bookingStateLabels)}
            onChange={onChange}
          />
          <FilterSelect
            id="leads-pain-point"
            label="Main concern"
            name="painPoint"
            value={view.painPoint}
            anyLabel="Any concern"
            options={painPointOptions}
            onChange={onChange}
          />
          <FilterSelect
            id="leads-photos"
            label="Photos"
            name="hasPhotos"
            value={view.hasPhotos}
            anyLabel="With or without"
            options={photoOptions}
            onChange={onChange}
          />
          <DateFilter
            id="leads-from"
            label="Created from"
            name="from"
            view={view}
            onChange={onChange}
          />
          <DateFilter id="leads-to" label="Created to" name="to" view={view} onChange={onChange} />
          <TrackingFilters view={view} onApply={onApply} />
        </div>
      </details>
    </div>
  );
}

function DateFilter({
  id,
  label,
  name,
  view,
  onChange,
}: {
  id: string;
  label: string;
  name: 'from' | 'to';
  view: LeadView;
  onChange: Props['onChange'];
}) {
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input
        id={id}
        type="date"
        className="field-input"
        value={view[name] ?? ''}
        onChange={(event) => onChange(name, event.target.value)}
      />
    </div>
  );
}
