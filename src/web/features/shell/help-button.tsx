import { Suspense, useRef, useState } from 'react';
import { Icon } from '#web/components/ui/icon.tsx';
import { lazyWithPreload } from '#web/lib/lazy-load.ts';

// The dialog is not needed for the first paint: it loads when the button is hovered, focused or used.
const HelpDialog = lazyWithPreload(() => import('./help-dialog'));
const preload = () => void HelpDialog.preload().catch(() => {});

export function HelpButton() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="btn -ml-2 justify-self-start px-2 text-brand hover:bg-canvas"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <Icon>
          <circle cx="12" cy="12" r="10" />
          <path d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01" />
        </Icon>
        Help
      </button>
      {open && (
        <Suspense fallback={null}>
          <HelpDialog
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
