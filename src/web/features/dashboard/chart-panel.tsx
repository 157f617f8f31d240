import { useId, useState, type ReactNode } from 'react';

interface Props {
  title: string;
  /** What the chart shows, read before it. */
  summary?: ReactNode;
  chart: ReactNode;
  /** The same numbers as a table: shown on demand, and always in the screen-reader tree. */
  table: (visible: boolean) => ReactNode;
}

/**
 * One chart with its table. The chart's shapes are decoration for sighted users; its numbers are
 * in the table, which stays readable by screen readers while visually hidden.
 */
export function ChartPanel({ title, summary, chart, table }: Props) {
  const [showTable, setShowTable] = useState(false);
  const id = useId();
  return (
    <section aria-labelledby={id} className="card min-w-0 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-bold">
          {title}
        </h2>
        <button
          type="button"
          className="btn-quiet min-h-9 px-3 text-sm"
          aria-pressed={showTable}
          onClick={() => setShowTable((shown) => !shown)}
        >
          Show as table
        </button>
      </div>
      {summary && <div className="text-sm text-muted">{summary}</div>}
      {!showTable && chart}
      <div className={showTable ? 'overflow-x-auto' : 'sr-only'}>{table(showTable)}</div>
    </section>
  );
}

/** A table of a chart's numbers: the first column names the row. */
export function ChartTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <table className="w-full text-left text-sm tabular-nums">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-line">
          {head.map((h, i) => (
            <th key={h} scope="col" className={`py-2 pr-3 ${i > 0 ? 'text-right' : ''}`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-line last:border-0">
            {row.cells.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="py-2 pr-3 font-normal">
                  {cell}
                </th>
              ) : (
                <td key={i} className="py-2 pr-3 text-right">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const tones = { brand: 'bg-brand', muted: 'bg-muted' } as const;
type Tone = keyof typeof tones;

/** What a chart's colours stand for, read in its summary. */
export function ChartLegend({ items }: { items: readonly { label: string; tone: Tone }[] }) {
  return (
    <span className="flex flex-wrap gap-x-4">
      {items.map(({ label, tone }) => (
        <span key={label}>
          <span aria-hidden="true" className={`mr-1 inline-block size-3 rounded ${tones[tone]}`} />
          {label}
        </span>
      ))}
    </span>
  );
}

/** A horizontal bar, its length the value's share of the largest (decoration: aria-hidden). */
export function Bar({ value, max, tone = 'brand' }: { value: number; max: number; tone?: Tone }) {
  const width = max > 0 ? Math.max((value / max) * 100, value > 0 ? 1.5 : 0) : 0;
  return (
    <span aria-hidden="true" className="block h-3 w-full rounded bg-canvas">
      <span className={`block h-3 rounded ${tones[tone]}`} style={{ width: `${width}%` }} />
    </span>
  );
}
