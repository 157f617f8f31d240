import { useEffect, useRef, useState } from 'react';
import { embedMessageTypes, embedParams } from '#shared/embed/embed-messages.ts';

const widths = { phone: '390px', computer: '100%' } as const;

/**
 * The booking page as the snippet shows it inline, sized by its own messages as on a real site.
 * The app lets a page frame it only once some site is listed (frame-ancestors 'self' comes with
 * the list), so until then the preview says what to do instead.
 */
export function EmbedPreview({ listed }: { listed: boolean }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [width, setWidth] = useState<keyof typeof widths>('phone');
  const [height, setHeight] = useState(640);
  // the whole booking page in a frame: loaded when asked for, not on every visit to Settings
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (event.origin !== window.location.origin) return;
      if (event.source !== frame.current?.contentWindow) return;
      if (data?.type === embedMessageTypes.height && typeof data.height === 'number') {
        setHeight(Math.ceil(data.height));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  if (!listed) {
    return (
      <p className="text-muted">
        A preview shows here once your website&apos;s address is saved above.
      </p>
    );
  }
  if (!shown) {
    return (
      <button type="button" className="btn-quiet" onClick={() => setShown(true)}>
        Show a preview
      </button>
    );
  }
  const src = `/?${new URLSearchParams({ [embedParams.host]: window.location.href })}`;
  return (
    <div className="space-y-3">
      <fieldset className="flex flex-wrap items-center gap-4">
        <legend className="field-label">Preview</legend>
        {(Object.keys(widths) as (keyof typeof widths)[]).map((name) => (
          <label key={name} className="flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="website-preview-width"
              checked={width === name}
              onChange={() => setWidth(name)}
            />
            {name === 'phone' ? 'Phone' : 'Computer'}
          </label>
        ))}
      </fieldset>
      <div className="overflow-x-auto rounded-lg border border-line bg-canvas p-2">
        <iframe
          ref={frame}
          src={src}
          title="Preview of the booking page on your website"
          className="mx-auto block max-w-full border-0 bg-surface"
          style={{ width: widths[width], height }}
        />
      </div>
    </div>
  );
}
