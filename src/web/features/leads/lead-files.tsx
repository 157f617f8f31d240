import { useState } from 'react';
import type { LeadFile } from '#shared/leads/lead-detail.contract.ts';
import { fileSize } from './lead-format';
import { PhotoLightbox } from './photo-lightbox';

/** Photos as thumbnails that open large; every file can be downloaded as it was sent. */
export function LeadFiles({ files }: { files: LeadFile[] }) {
  const photos = files.filter((file) => file.isImage && file.thumbnailUrl);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section aria-labelledby="lead-files-title" className="card space-y-3">
      <h2 id="lead-files-title" className="text-xl font-bold">
        Photos and files
      </h2>
      {files.length === 0 ? (
        <p className="text-muted">The customer has not uploaded any photos or plans.</p>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {files.map((file) => {
            const photoIndex = photos.indexOf(file);
            return (
              <li key={file.id} className="min-w-0 space-y-1">
                {photoIndex >= 0 ? (
                  <button
                    type="button"
                    className="block w-full overflow-hidden rounded-lg border border-line"
                    onClick={() => setOpen(photoIndex)}
                  >
                    <img
                      src={file.thumbnailUrl ?? undefined}
                      alt={`Open photo ${photoIndex + 1}: ${file.name}`}
                      loading="lazy"
                      className="aspect-square w-full object-cover"
                    />
                  </button>
                ) : (
                  <div className="grid aspect-square place-items-center rounded-lg border border-line bg-canvas p-2 text-center text-sm font-semibold break-all">
                    {file.contentType === 'application/pdf' ? 'PDF' : 'File'}
                  </div>
                )}
                <a
                  href={file.downloadUrl}
                  download={file.name}
                  className="link block text-sm break-all"
                >
                  {file.name}
                  <span className="sr-only">: download</span>
                </a>
                <p className="text-sm text-muted">{fileSize(file.size)}</p>
              </li>
            );
          })}
        </ul>
      )}
      {open !== null && (
        <PhotoLightbox
          photos={photos}
          index={open}
          onIndex={setOpen}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
