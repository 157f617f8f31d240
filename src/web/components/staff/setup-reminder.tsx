import { useQuery } from '@tanstack/react-query';
import { noticesLine, setupRows, setupStatusQuery } from './setup-status';

/**
 * The first-run checklist where staff work (/dashboard, /leads), in short: what is left, each
 * with a link to where it is done in Settings. Nothing while it loads, fails or once all is done
 * (issue 26 item 10); the full checklist with its confirm buttons is on /settings.
 */
export function SetupReminder() {
  const { data } = useQuery(setupStatusQuery);
  if (!data) return null;
  const left = setupRows(data).filter((row) => !row.done);
  if (left.length === 0) return null;
  return (
    <section aria-labelledby="setup-reminder-title" className="card border-2 border-brand">
      <h2 id="setup-reminder-title" className="text-lg font-bold">
        Before you take bookings
      </h2>
      <p className="mt-1 text-muted">{noticesLine(data)} An admin finishes these in Settings:</p>
      <ul className="mt-2 space-y-1">
        {left.map((row) => (
          <li key={row.key}>
            <a href={`/settings#${row.section}`} className="link">
              {row.title}
            </a>
            : <span className="text-danger">{row.state}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
