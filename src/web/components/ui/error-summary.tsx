import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface SummaryItem {
  inputId: string;
  message: string;
  /** What the entry is about, when its link can change while it is shown (else its inputId). */
  field?: string;
}

interface Props {
  title: string;
  items: SummaryItem[];
  /** Changes on every failed submit: the summary takes focus then. */
  focusKey: number;
  children?: ReactNode;
}

/** The error summary at the top of a form: announced, focused, each entry links to its field. */
export function ErrorSummary({ title, items, focusKey, children }: Props) {
  const ref = useRef<HTMLDivElement>(null);
  // unique: an admin page has several forms, each with its own summary
  const titleId = useId();
  useEffect(() => {
    if (focusKey > 0) ref.current?.focus();
  }, [focusKey]);

  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      aria-labelledby={titleId}
      className="rounded-xl border-2 border-danger bg-danger-soft p-4"
    >
      <h2 id={titleId} className="font-bold">
        {title}
      </h2>
      {items.length > 0 && (
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {items.map((item) => (
            <li key={item.inputId}>
              <a
                href={`#${item.inputId}`}
                className="font-semibold text-danger underline underline-offset-2"
                onClick={(event) => {
                  event.preventDefault();
                  const input = document.getElementById(item.inputId);
                  input?.focus();
                  input?.scrollIntoView({ block: 'center' });
                }}
              >
                {item.message}
              </a>
            </li>
          ))}
        </ul>
      )}
      {children}
    </div>
  );
}
