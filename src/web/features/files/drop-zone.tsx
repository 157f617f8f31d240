import { useState, type DragEvent } from 'react';
import {
  allowedUploadExtensions,
  allowedUploadTypes,
  uploadLimits,
} from '#shared/uploads/uploads.contract.ts';
import { Icon } from '#web/components/ui/icon.tsx';

const accept = [
  ...allowedUploadExtensions.map((extension) => `.${extension}`),
  ...Object.keys(allowedUploadTypes),
].join(',');
const maxMb = uploadLimits.maxFileBytes / (1024 * 1024);

/**
 * A real file input (several files at once) inside a large label that also takes dropped
 * files. The input itself is what the keyboard reaches: Tab to it, Enter or Space opens the
 * picker; the zone shows its focus.
 */
export function DropZone({ onFiles }: { onFiles: (files: File[]) => void }) {
  const [dragging, setDragging] = useState(false);
  const over = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  return (
    <div
      onDragEnter={over}
      onDragOver={over}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFiles(Array.from(event.dataTransfer.files));
      }}
    >
      <label
        htmlFor="files-input"
        className={`flex min-h-36 cursor-pointer flex-col items-center justify-center gap-2 rounded-2xl border-2 border-dashed p-6 text-center has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-focus ${dragging ? 'border-brand bg-brand-soft' : 'border-field'}`}
      >
        <Icon className="size-8 text-brand">
          <path d="M12 16V4m0 0-4 4m4-4 4 4M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
        </Icon>
        <span className="font-semibold">Choose photos or documents</span>
        <span className="text-sm text-muted" aria-hidden="true">
          or drop them here
        </span>
        <input
          id="files-input"
          type="file"
          multiple
          accept={accept}
          aria-describedby="files-help"
          className="sr-only"
          onChange={(event) => {
            onFiles(Array.from(event.target.files ?? []));
            event.target.value = ''; // the same file can be chosen again
          }}
        />
      </label>
      <p id="files-help" className="mt-2 text-sm text-muted">
        JPEG, PNG, WebP or HEIC photos and PDF documents, up to {maxMb} MB each and{' '}
        {uploadLimits.maxFilesPerLead} files in all.
      </p>
    </div>
  );
}
