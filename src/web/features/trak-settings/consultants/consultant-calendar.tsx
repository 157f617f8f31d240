import type { Consultant } from '#shared/admin/consultants.contract.ts';
import { CalendarConnectionPart } from './calendar-connection-part';
import { CalendarFeedPart } from './calendar-feed-part';

/** A consultant's own calendar, both ways (issue 29): part of their entry in the list. */
export function ConsultantCalendar({ consultant }: { consultant: Consultant }) {
  const titleId = `consultant-calendar-${consultant.id}`;
  return (
    <section aria-labelledby={titleId} className="mt-4 space-y-4 border-t border-line pt-3">
      <h4 id={titleId} className="font-bold">
        Calendar<span className="sr-only"> of {consultant.name}</span>
      </h4>
      <CalendarFeedPart consultant={consultant} />
      <CalendarConnectionPart consultant={consultant} />
    </section>
  );
}
