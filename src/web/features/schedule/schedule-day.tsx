import { formatAustralianPhone, phoneHref } from '#shared/contact/phone.ts';
import type { Schedule } from '#shared/staff/schedule.contract.ts';
import { Link } from '#web/lib/router.tsx';
import { formatLongDate, formatSlotRange } from '#web/lib/melbourne-time.ts';
import { paths } from '#web/paths.ts';
import { dayEntries } from './schedule-view';

type Day = Schedule['days'][number];
type ConsultantDay = Day['consultants'][number];

const directions = (address: string) =>
  `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(address)}`;

/** One day: each consultant's appointments in order, with the free time between them. */
export function ScheduleDay({ day, timeZone }: { day: Day; timeZone: string }) {
  const title = formatLongDate(`${day.date}T12:00:00Z`, 'UTC');
  return (
    <section aria-label={title} className="card space-y-4 break-inside-avoid">
      <h2 className="text-xl font-bold">{title}</h2>
      {day.consultants.length === 0 && <p className="text-muted">Nobody is working.</p>}
      {day.consultants.map((c) => (
        <ConsultantColumn key={c.id} consultant={c} timeZone={timeZone} />
      ))}
    </section>
  );
}

function ConsultantColumn({
  consultant,
  timeZone,
}: {
  consultant: ConsultantDay;
  timeZone: string;
}) {
  const entries = dayEntries(consultant.hours, consultant.appointments);
  return (
    <div className="space-y-2">
      <h3 className="text-lg font-semibold">{consultant.name}</h3>
      {consultant.hours.length === 0 && consultant.appointments.length === 0 && (
        <p className="text-muted">Not working.</p>
      )}
      <ol aria-label={`${consultant.name}'s day`} className="space-y-2">
        {entries.map((entry) =>
          entry.kind === 'free' ? (
            <li
              key={`free-${entry.start}`}
              className="rounded-lg border border-dashed border-line px-3 py-2 text-muted"
            >
              Free {formatSlotRange(entry.start, entry.end, timeZone)}
            </li>
          ) : (
            <AppointmentItem
              key={entry.appointment.bookingId}
              a={entry.appointment}
              timeZone={timeZone}
            />
          ),
        )}
      </ol>
    </div>
  );
}

function AppointmentItem({
  a,
  timeZone,
}: {
  a: ConsultantDay['appointments'][number];
  timeZone: string;
}) {
  const onsite = a.serviceType === 'onsite';
  return (
    <li className="rounded-lg border border-line p-3">
      <p className="font-semibold">
        {formatSlotRange(a.startTime, a.endTime, timeZone)} ·{' '}
        {onsite ? 'Onsite visit' : 'Phone call'}
        {a.status === 'no_show' && ' · No-show'}
      </p>
      {a.driveMinutesBefore !== null && (
        <p className="text-sm text-muted">{a.driveMinutesBefore} min drive before</p>
      )}
      <p>{a.customerName ?? 'Customer'}</p>
      {a.mobile && (
        <p>
          <a className="link" href={phoneHref(a.mobile)}>
            {formatAustralianPhone(a.mobile)}
          </a>
        </p>
      )}
      {a.address && (
        <p>
          {onsite ? (
            <a className="link" href={directions(a.address)} target="_blank" rel="noreferrer">
              {a.address}
              <span className="sr-only"> (directions, opens in a new tab)</span>
            </a>
          ) : (
            (a.suburb ?? a.address)
          )}
        </p>
      )}
      {a.notes && <p className="mt-1 whitespace-pre-line text-sm">Notes: {a.notes}</p>}
      {a.leadId && (
        <Link
          className="link mt-1 inline-block text-sm print:hidden"
          to={`${paths.leads}/${a.leadId}`}
        >
          Open the lead<span className="sr-only"> of {a.customerName ?? 'this customer'}</span>
        </Link>
      )}
    </li>
  );
}
