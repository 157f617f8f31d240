import type { LeadDetail } from '#shared/leads/lead-detail.contract.ts';
import { LeadTimeline } from './lead-timeline';
import { NoteForm } from './note-form';
import type { Announcer } from './use-announcer';

/** The add-note box above the timeline it adds to. */
export function LeadNotes({
  lead,
  announcer,
  onAdded,
}: {
  lead: LeadDetail;
  announcer: Announcer;
  onAdded: () => void;
}) {
  return (
    <section aria-labelledby="lead-timeline-title" className="card space-y-4">
      <h2 id="lead-timeline-title" className="text-xl font-bold">
        Notes and timeline
      </h2>
      <NoteForm leadId={lead.id} announcer={announcer} onAdded={onAdded} />
      <LeadTimeline entries={lead.timeline} />
    </section>
  );
}
