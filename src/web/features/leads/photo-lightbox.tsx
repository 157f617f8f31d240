import { useRef, type KeyboardEvent } from 'react';
import type { LeadFile } from '#shared/leads/lead-detail.contract.ts';
import { ModalDialog } from '#web/components/ui/modal-dialog.tsx';

interface Props {
  photos: LeadFile[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/**
 * One photo at full size in a modal: Escape or Close shuts it (focus goes back to the
 * thumbnail), Previous / Next and the arrow keys move through the lead's photos.
 */
export function PhotoLightbox({ photos, index, onIndex, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const photo = photos[index];
  const count = photos.length;

  const step = (by: number) => onIndex((index + by + count) % count);
  const keys = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (count < 2) return;
    if (event.key === 'ArrowRight') step(1);
    else if (event.key === 'ArrowLeft') step(-1);
  };

  if (!photo) return null;
  return (
    <ModalDialog
      ref={dialog}
      label={`Photo ${index + 1} of ${count}`}
      onClose={onClose}
      onKeyDown={keys}
      initialFocus={close}
      className="max-h-[calc(100dvh-2rem)] max-w-4xl p-3 sm:p-4"
    >
      <div className="flex items-center justify-between gap-2">
        <p className="min-w-0 font-semibold break-all" aria-live="polite">
          Photo {index + 1} of {count}: {photo.name}
        </p>
        <button
          ref={close}
          type="button"
          className="btn-quiet shrink-0"
          onClick={() => dialog.current?.close()}
        >
          Close
        </button>
      </div>
      <img
        src={photo.downloadUrl}
        alt={photo.name}
        className="mx-auto mt-3 max-h-[70dvh] w-auto max-w-full object-contain"
      />
      <div className="mt-3 flex flex-wrap justify-between gap-2">
        {count > 1 ? (
          <>
            <button type="button" className="btn-quiet" onClick={() => step(-1)}>
              Previous
            </button>
            <button type="button" className="btn-quiet" onClick={() => step(1)}>
              Next
            </button>
          </>
        ) : (
          <span />
        )}
        <a
          href={photo.downloadUrl}
          download={photo.name}
          className="link inline-flex min-h-11 items-center"
        >
          Download the original
        </a>
      </div>
    </ModalDialog>
  );
}
