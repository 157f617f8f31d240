// What the logo editor and the partner logos editor share (Settings → Logo and partners).

export const accept = '.svg,.png,.jpg,.jpeg,image/svg+xml,image/png,image/jpeg';
export const limits = 'SVG up to 256 KB, PNG or JPEG up to 1 MB';
export const messageOf = (err: unknown) =>
  err instanceof Error ? err.message : 'Something went wrong. Please try again.';

/** A status line for what was done and an alert for what failed, announced either way. */
export function Outcome({ done, error }: { done: string; error: string }) {
  return (
    <>
      <p role="status" className="text-sm font-semibold">
        {done}
      </p>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </>
  );
}

/** A logo on both themes' backgrounds, so the admin sees what customers will. */
export function Preview({ light, dark, alt }: { light: string; dark: string; alt: string }) {
  return (
    <div className="flex flex-wrap gap-2">
      <img src={light} alt={`${alt} (light theme)`} className="h-12 w-auto rounded bg-white p-1" />
      <img src={dark} alt={`${alt} (dark theme)`} className="h-12 w-auto rounded bg-zinc-900 p-1" />
    </div>
  );
}
