import {
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  type KeyboardEvent,
  type ReactNode,
  type Ref,
  type RefObject,
} from 'react';

/** A dialog is named by its heading's id, or by a label when it has no heading. */
type Name = { labelledBy: string; label?: never } | { label: string; labelledBy?: never };

type Props = Name & {
  children: ReactNode;
  /** After it closed (Escape, a close button, a form with method="dialog"). */
  onClose: () => void;
  /** The element inside to focus as it opens; else the browser's choice (the first it can). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** 'alertdialog' for a question or notice that interrupts what the person was doing. */
  role?: 'alertdialog';
  describedBy?: string;
  onKeyDown?: (event: KeyboardEvent<HTMLDialogElement>) => void;
  /** Width and padding; the frame itself is the same for every dialog. */
  className: string;
  /** The <dialog> element, so that a button inside can close() it. */
  ref?: Ref<HTMLDialogElement | null>;
};

const focusable = [
  'button:not([disabled])',
  '[href]',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(', ');

/**
 * The app's one modal frame, a native <dialog> opened with showModal(): the page behind is
 * inert, focus moves in, Tab wraps inside, Escape closes it. It is closed before it leaves the
 * page (a layout effect's cleanup runs while it is still there), so the browser gives focus back
 * to what had it before; that closing is not reported as onClose.
 */
export function ModalDialog({
  children,
  onClose,
  initialFocus,
  role,
  labelledBy,
  label,
  describedBy,
  onKeyDown,
  className,
  ref,
}: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const mounted = useRef(false);
  useImperativeHandle<HTMLDialogElement | null, HTMLDialogElement | null>(
    ref,
    () => dialog.current,
    [],
  );

  useLayoutEffect(() => {
    const element = dialog.current;
    mounted.current = true;
    if (element && !element.open) element.showModal();
    initialFocus?.current?.focus();
    return () => {
      mounted.current = false;
      element?.close();
    };
    // opened once, as it mounts
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // showModal() keeps focus out of the page, but Tab can still leave for the browser's own UI
  const wrapTab = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(focusable)];
    const first = items[0];
    const last = items.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={dialog}
      role={role}
      aria-modal={role === 'alertdialog' ? 'true' : undefined}
      aria-labelledby={labelledBy}
      aria-label={label}
      aria-describedby={describedBy}
      onClose={(event) => {
        // the close of an unmount (or, in development, of StrictMode's second mount) is no news
        if (mounted.current && !event.currentTarget.open) onClose();
      }}
      onKeyDown={(event) => {
        wrapTab(event);
        onKeyDown?.(event);
      }}
      className={`m-auto w-[calc(100%-2rem)] rounded-2xl border border-line bg-surface text-ink ${className}`}
    >
      {children}
    </dialog>
  );
}
