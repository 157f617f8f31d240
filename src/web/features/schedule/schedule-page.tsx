import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { addDays } from '#shared/booking/calendar.ts';
import { StaffGate } from '#web/components/staff/staff-gate.tsx';
import { Link, useLocation, useNavigate } from '#web/lib/router.tsx';
import { useDocumentTitle } from '#web/lib/page-title.ts';
import { isAfterNavigation } from '#web/lib/route-focus.ts';
import { businessToday } from '#web/lib/melbourne-time.ts';
import { paths } from '#web/paths.ts';
import { scheduleQuery } from './schedule-api';
import { ScheduleDay } from './schedule-day';
import { rangeOf, readView, stepDays, viewSearch, type ScheduleView } from './schedule-view';

const today = businessToday;

function Heading() {
  const ref = useRef<HTMLHeadingElement>(null);
  const { pathname } = useLocation();
  useDocumentTitle('Schedule');
  useEffect(() => {
    if (isAfterNavigation()) ref.current?.focus();
  }, [pathname]);
  return (
    <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold tracking-tight sm:text-3xl">
      Schedule
    </h1>
  );
}

function Schedule() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const view = useMemo(() => readView(search, today()), [search]);
  const { from, to } = rangeOf(view);
  const query = useQuery(scheduleQuery(from, to, view.consultant));
  const go = (next: Partial<ScheduleView>) =>
    void navigate(`${paths.schedule}${viewSearch({ ...view, ...next })}`);
  const people = query.data?.days[0]?.consultants ?? [];

  return (
    <div className="mx-auto w-full max-w-5xl space-y-5 px-4 py-6 sm:py-10">
      <Heading />
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <div role="group" aria-label="View" className="flex gap-2">
          <Link
            className="btn-quiet"
            aria-current={view.view === 'day' ? 'page' : undefined}
            to={`${paths.schedule}${viewSearch({ ...view, view: 'day' })}`}
          >
            Day
          </Link>
          <Link
            className="btn-quiet"
            aria-current={view.view === 'week' ? 'page' : undefined}
            to={`${paths.schedule}${viewSearch({ ...view, view: 'week' })}`}
          >
            Week
          </Link>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            className="btn-quiet"
            onClick={() => go({ date: addDays(view.date, -stepDays(view)) })}
          >
            Previous<span className="sr-only"> {view.view}</span>
          </button>
          <button type="button" className="btn-quiet" onClick={() => go({ date: today() })}>
            Today
          </button>
          <button
            type="button"
            className="btn-quiet"
            onClick={() => go({ date: addDays(view.date, stepDays(view)) })}
          >
            Next<span className="sr-only"> {view.view}</span>
          </button>
        </div>
        <div>
          <label htmlFor="schedule-consultant" className="field-label">
            Consultant
          </label>
          <select
            id="schedule-consultant"
            className="field-input"
            value={view.consultant ?? ''}
            onChange={(event) => go({ consultant: event.target.value || null })}
          >
            <option value="">Everyone</option>
            {people.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
            {view.consultant && !people.some((c) => c.id === view.consultant) && (
              <option value={view.consultant}>{view.consultant}</option>
            )}
          </select>
        </div>
        <Link className="btn-primary" to={paths.newBooking}>
          New booking
        </Link>
        <button type="button" className="btn-quiet" onClick={() => window.print()}>
          Print {view.view === 'day' ? 'day sheet' : 'week'}
        </button>
      </div>
      <p role="status" className="text-sm text-muted print:hidden">
        {query.isPending || query.isPlaceholderData
          ? 'Loading...'
          : query.isError
            ? `The schedule could not be loaded. ${query.error.message}`
            : ''}
      </p>
      {query.data?.days.map((day) => (
        <ScheduleDay key={day.date} day={day} timeZone={query.data.timezone} />
      ))}
    </div>
  );
}

/** /schedule (staff): the team's day or week, appointment by appointment, printable. */
export default function SchedulePage() {
  return (
    <StaffGate screen="Schedule" role="staff">
      <Schedule />
    </StaffGate>
  );
}
