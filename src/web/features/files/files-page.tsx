import { useState, useSyncExternalStore } from 'react';
import { Link } from '#web/lib/router.tsx';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { StepProgress } from '#web/components/ui/step-progress.tsx';
import { WaitingToSend } from '#web/components/ui/waiting-to-send.tsx';
import { savedContact } from '#web/lib/booking-flow.ts';
import { consultationChosen } from '#web/lib/consultation.ts';
import { savedDetails } from '#web/lib/saved-details.ts';
import { getSessionId } from '#web/lib/session-id.ts';
import { useStepGuard } from '#web/lib/use-step-guard.ts';
import { paths } from '#web/paths.ts';
import { DropZone } from './drop-zone';
import { FileItem } from './file-item';
import { activeUploads, addFiles, getSnapshot, subscribe } from './upload-store';

/** /files: photos and documents for the consultant. Optional: Continue works without any. */
export default function FilesPage() {
  useStepGuard(() => {
    if (!savedContact()) return paths.home;
    return savedDetails(getSessionId()) ? null : paths.measurement;
  });
  const { items, announcements } = useSyncExternalStore(subscribe, getSnapshot);
  const busy = activeUploads(items);
  const [consultation] = useState(consultationChosen);

  return (
    <div className="page">
      <PageHeading title="Upload Files">Upload Files</PageHeading>
      <p className="mt-2 text-muted">
        Photos of your windows help your consultant prepare. This step is optional.
      </p>
      <StepProgress current={1} />
      <WaitingToSend />
      <section aria-labelledby="files-title" className="card space-y-5">
        <h2 id="files-title" className="text-lg font-bold">
          Photos and documents
        </h2>
        <DropZone onFiles={addFiles} />
        {items.length > 0 && (
          <ul aria-label="Your files" className="space-y-3">
            {items.map((item) => (
              <FileItem key={item.key} item={item} />
            ))}
          </ul>
        )}
        <div aria-live="polite" className="sr-only">
          {announcements.map((announcement) => (
            <p key={announcement.id}>{announcement.text}</p>
          ))}
        </div>
        {busy > 0 && (
          <p className="text-sm text-muted">
            You can continue while files upload. Please keep this tab open until they are done.
          </p>
        )}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Link to={paths.measurement} className="btn-quiet">
            Back
          </Link>
          {/* a consultation is not priced: straight on to booking (issue 15 item 1) */}
          {consultation ? (
            <Link to={paths.booking} className="btn-primary">
              Continue to Booking
            </Link>
          ) : (
            <Link to={paths.estimate} className="btn-primary">
              Continue to Estimate
            </Link>
          )}
        </div>
      </section>
    </div>
  );
}
