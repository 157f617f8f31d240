import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { BackupNotice } from '#web/components/staff/backup-notice.tsx';
import { LogOnlyWarning } from '#web/components/staff/log-only-warning.tsx';
import { SetupReminder } from '#web/components/staff/setup-reminder.tsx';
import { StaffGate } from '#web/components/staff/staff-gate.tsx';
import { useLocation } from '#web/lib/router.tsx';
import { useDocumentTitle } from '#web/lib/page-title.ts';
import { isAfterNavigation } from '#web/lib/route-focus.ts';
import { formatTime } from '#web/lib/melbourne-time.ts';
import { dashboardQuery } from './dashboard-api';
import { formatDay } from './dashboard-format';
import { melbourneToday, readRange } from './dashboard-range';
import { CampaignLinksPanel } from './campaign-links-panel';
import { DayChart } from './day-chart';
import { FunnelChart } from './funnel-chart';
import { HeadlineCards } from './headline-cards';
import { LoadChart } from './load-chart';
import { MoreFigures } from './more-figures';
import { RangePicker } from './range-picker';
import { SourceChart } from './source-chart';

/** The h1; it takes focus when the path changes only, so a range change keeps focus on its link. */
function Heading() {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  useDocumentTitle('Dashboard');
  useEffect(() => {
    if (isAfterNavigation()) ref.current?.focus();
  }, [pathname]);
  return (
    <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold tracking-tight sm:text-3xl">
      Dashboard
    </h1>
  );
}

function Dashboard() {
  const { search } = useLocation();
  const range = useMemo(() => readRange(search, melbourneToday()), [search]);
  const query = useQuery(dashboardQuery(range.from, range.to));
  const data = query.data;
  const empty =
    data !== undefined &&
    data.funnel.steps.every((s) => s.count.current === 0) &&
    data.bookings.made.current === 0;

  return (
    <div className="mx-auto w-full max-w-7xl space-y-5 px-4 py-6 sm:py-10">
      <div>
        <Heading />
        <p className="mt-1 text-muted">
          {formatDay(range.from)}
          {range.to !== range.from && ` – ${formatDay(range.to)}`}, beside the previous period of
          the same length. Refreshes by itself every minute while open.
        </p>
      </div>
      {import.meta.env.MODE !== 'demo' && <LogOnlyWarning />}
      <BackupNotice />
      <SetupReminder />
      {/* key: the form starts from the range shown when a preset or the URL changes it */}
      <RangePicker key={search} range={range} />
      <p role="status" className="text-sm text-muted">
        {query.isPending
          ? 'Loading...'
          : query.isError
            ? 'The figures could not be loaded. They will be tried again in a minute.'
            : query.isPlaceholderData
              ? 'Loading...'
              : `Updated ${formatTime(new Date(query.dataUpdatedAt).toISOString())}`}
      </p>
      {data && (
        <>
          <HeadlineCards data={data} />
          {empty && (
            <div className="card">
              <h2 className="text-lg font-bold">Nothing here yet</h2>
              <p className="mt-1 text-muted">
                No visits, enquiries or bookings in this range. As customers use the booking form,
                their visits, enquiries and bookings show up here; try a longer range above.
              </p>
            </div>
          )}
          {!empty && (
            <div className="grid gap-5 lg:grid-cols-2">
              <FunnelChart funnel={data.funnel} range={range} />
              <SourceChart data={data} range={range} />
              <DayChart days={data.bookings.perDay} />
              <MoreFigures data={data} />
            </div>
          )}
          <CampaignLinksPanel from={range.from} to={range.to} />
          <LoadChart days={data.bookings.load} />
        </>
      )}
    </div>
  );
}

/** /dashboard (staff and admin): the business at a glance. Loaded only on this route. */
export default function DashboardPage() {
  return (
    <StaffGate screen="Dashboard" role="staff">
      <Dashboard />
    </StaffGate>
  );
}
