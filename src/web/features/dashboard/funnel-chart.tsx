import {
  funnelStepLabels,
  type DashboardResponse,
  type FunnelStep,
} from '#shared/dashboard/dashboard.contract.ts';
import { Link } from '#web/lib/router.tsx';
import { Bar, ChartPanel, ChartTable } from './chart-panel';
import { formatCount, formatRatio } from './dashboard-format';
import { leadsHref } from './dashboard-range';

type Funnel = DashboardResponse['funnel'];
interface Range {
  from: string;
  to: string;
}

/** The leads behind a step, as /leads filters them (visitors are not leads: no link). */
function stepHref(step: FunnelStep, range: Range): string | null {
  if (step === 'visitors') return null;
  return leadsHref(range, step === 'contact' ? {} : { stage: step });
}

function StepName({ step, range, linked }: { step: FunnelStep; range: Range; linked: boolean }) {
  const href = stepHref(step, range);
  const label = funnelStepLabels[step];
  return href && linked ? (
    <Link to={href} className="link">
      {label}
    </Link>
  ) : (
    <>{label}</>
  );
}

export function FunnelChart({ funnel, range }: { funnel: Funnel; range: Range }) {
  const max = Math.max(...funnel.steps.map((s) => s.count.current), 0);
  const biggest = funnel.biggestDropOff;
  return (
    <ChartPanel
      title="Funnel"
      summary={
        biggest
          ? `Most people leave before “${funnelStepLabels[biggest]}”.`
          : 'No one has left the funnel in this range.'
      }
      chart={
        <ol className="space-y-3">
          {funnel.steps.map((s) => (
            <li key={s.step} className="space-y-1">
              <div className="flex flex-wrap justify-between gap-x-3 text-sm">
                <span className="font-semibold">
                  <StepName step={s.step} range={range} linked />
                </span>
                <span className="tabular-nums">
                  {formatCount(s.count.current)}
                  {s.conversion !== null && (
                    <span className="text-muted">
                      {' '}
                      · {formatRatio(s.conversion)} of the step before
                    </span>
                  )}
                </span>
              </div>
              <Bar
                value={s.count.current}
                max={max}
                tone={s.step === biggest ? 'muted' : 'brand'}
              />
            </li>
          ))}
        </ol>
      }
      table={(visible) => (
        <ChartTable
          caption="Funnel: people at each step, conversion and drop-off"
          head={['Step', 'People', 'Previous period', 'Conversion', 'Drop-off']}
          rows={funnel.steps.map((s) => ({
            key: s.step,
            cells: [
              <StepName key="name" step={s.step} range={range} linked={visible} />,
              formatCount(s.count.current),
              s.count.previous === null ? '–' : formatCount(s.count.previous),
              formatRatio(s.conversion),
              s.dropOffRate === null
                ? '–'
                : `${formatCount(s.dropOff)} (${formatRatio(s.dropOffRate)})`,
            ],
          }))}
        />
      )}
    />
  );
}
