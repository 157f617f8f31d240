import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from '#web/lib/router.tsx';
import { paths } from '#web/paths.ts';
import { presetLabels, presets, rangeSearch, type DashboardRange } from './dashboard-range';

/** The range presets as links (each view has its URL), and the custom range's two days. */
export function RangePicker({ range }: { range: DashboardRange }) {
  const navigate = useNavigate();
  const [from, setFrom] = useState(range.from);
  const [to, setTo] = useState(range.to);
  const [problem, setProblem] = useState('');

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (!from || !to) return setProblem('Choose both days.');
    if (to < from) return setProblem('The end date must be on or after the start date.');
    setProblem('');
    navigate(`${paths.dashboard}${rangeSearch({ preset: 'custom', from, to })}`);
  };

  return (
    <div className="space-y-3">
      <nav aria-label="Date range" className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-2">
          {presets.map((preset) => {
            const current = range.preset === preset;
            const search =
              preset === 'custom'
                ? rangeSearch({ preset, from: range.from, to: range.to })
                : rangeSearch({ preset });
            return (
              <li key={preset} className="shrink-0">
                <Link
                  to={`${paths.dashboard}${search}`}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex min-h-11 items-center rounded-lg px-3 font-semibold ${
                    current ? 'bg-brand text-on-brand' : 'text-ink hover:bg-surface'
                  }`}
                >
                  {presetLabels[preset]}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {range.preset === 'custom' && (
        <form onSubmit={apply} noValidate className="flex flex-wrap items-end gap-3">
          <div>
            <label htmlFor="dashboard-from" className="field-label">
              From
            </label>
            <input
              id="dashboard-from"
              type="date"
              className="field-input"
              value={from}
              onChange={(e) => setFrom(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor="dashboard-to" className="field-label">
              To
            </label>
            <input
              id="dashboard-to"
              type="date"
              className="field-input"
              value={to}
              onChange={(e) => setTo(e.target.value)}
            />
          </div>
          <button type="submit" className="btn-primary">
            Show
          </button>
          <p role="alert" className="field-error w-full">
            {problem}
          </p>
        </form>
      )}
    </div>
  );
}
