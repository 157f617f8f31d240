import { FilePreview } from './file-preview';
import { formatBytes } from './format-bytes';
import { remove, retry, type UploadItem } from './upload-store';

const statusLabels: Record<UploadItem['uploadStatus'], string> = {
  pending: 'Waiting to upload',
  uploading: 'Uploading',
  uploaded: 'Uploaded',
  error: 'Failed',
};

/** One file: name, size, a real progress bar, its status and what can be done about it. */
export function FileItem({ item }: { item: UploadItem }) {
  const { key, name, size, uploadStatus, uploadProgress, error, uploaded } = item;
  const failed = uploadStatus === 'error';
  const waiting = item.waitingForServer === true;
  const statusId = `file-${key}-status`;
  return (
    <li className="rounded-xl border border-line p-3">
      <div className="flex items-start gap-3">
        {uploaded?.hasThumbnail && <FilePreview id={uploaded.id} name={name} />}
        <div className="flex min-w-0 flex-1 flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-semibold break-all">{name}</span>
          <span className="text-sm text-muted">{formatBytes(size)}</span>
        </div>
      </div>
      <div
        role="progressbar"
        aria-label={`Upload of ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={uploadProgress}
        className="mt-2 h-2 overflow-hidden rounded-full bg-line"
      >
        <div
          className={`h-full rounded-full transition-[width] motion-reduce:transition-none ${failed ? 'bg-danger' : 'bg-brand'}`}
          style={{ width: `${uploadProgress}%` }}
        />
      </div>
      <p id={statusId} className="mt-2 text-sm">
        <span className={failed ? 'font-semibold text-danger' : 'font-semibold'}>
          {waiting ? 'Waiting for the connection' : statusLabels[uploadStatus]}
        </span>
        {waiting && (
          <span className="block text-muted">
            We could not reach our server. This file will upload by itself when we can.
          </span>
        )}
        {uploadStatus === 'uploading' && ` ${uploadProgress}%`}
        {error && <span className="block text-danger">{error}</span>}
      </p>
      <div className="mt-1 flex gap-4">
        {/* a refusal of the file itself (its type, size, content) cannot be retried: Remove only */}
        {((failed && item.retryable !== false) || waiting) && item.file && (
          <button
            type="button"
            className="link min-h-11"
            aria-label={`Retry ${name}`}
            onClick={() => retry(key)}
          >
            Retry
          </button>
        )}
        <button
          type="button"
          className="link min-h-11"
          aria-label={`Remove ${name}`}
          onClick={() => remove(key)}
        >
          Remove
        </button>
      </div>
    </li>
  );
}
