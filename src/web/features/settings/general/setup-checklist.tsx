import { useRef, useState } from 'react';
import { setupCategory, setupItems, type SetupKey } from '#shared/settings/setup-checklist.ts';
import { useSettingsCategory } from './settings-api';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The first-run checklist at the top of /settings: the business details, the base address and
 * the prices start as placeholders, and the list stays until an admin has confirmed each one.
 */
export function SetupChecklist() {
  const { query, save } = useSettingsCategory(setupCategory);
  const business = useSettingsCategory('business').query.data;
  const [busy, setBusy] = useState<SetupKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  const confirmed = query.data;
  if (!confirmed) return null;
  const isDone = (key: SetupKey) => confirmed[key] === true;
  if (setupItems.every((item) => isDone(item.key))) return null;

  const confirm = async (key: SetupKey) => {
    setBusy(key);
    setError(null);
    try {
      await save([[key, true]]);
      const left = setupItems.filter((item) => item.key !== key && !isDone(item.key));
      // the button is gone: focus goes to the list, or to the page once the list is done
      if (left.length > 0) heading.current?.focus();
      else document.querySelector<HTMLElement>('main h1')?.focus();
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : 'That did not save. Please try again.');
    } finally {
      setBusy(null);
    }
  };
  const baseAddress = text((business?.base_address as { address?: unknown } | undefined)?.address);

  return (
    <section
      aria-labelledby="setup-title"
      className="card space-y-4 border-2 border-brand"
      id="setup"
    >
      <div>
        <h2 id="setup-title" ref={heading} tabIndex={-1} className="text-xl font-bold">
          Before you take bookings
        </h2>
        <p className="mt-1 text-muted">
          A new install starts with placeholders. Check each item below and confirm it; this list
          stays until all three are confirmed.
        </p>
      </div>
      <ul className="space-y-4">
        {setupItems.map((item) => {
          const done = isDone(item.key);
          return (
            <li key={item.key} className="border-t border-line pt-4">
              <h3 className="font-semibold">
                {item.title}:{' '}
                <span className={done ? 'text-brand' : 'text-danger'}>
                  {done ? 'confirmed' : 'not confirmed yet'}
                </span>
              </h3>
              <p className="mt-1">{item.why}</p>
              {item.key === 'setup_base_address_confirmed' && baseAddress && (
                <p className="mt-1">Now: {baseAddress}</p>
              )}
              {!done && (
                <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
                  <a href={`#${item.section}`} className="link">
                    Check the {item.title.toLowerCase()}
                  </a>
                  <button
                    type="button"
                    className="btn-quiet"
                    disabled={busy !== null}
                    onClick={() => void confirm(item.key)}
                  >
                    {busy === item.key ? 'Saving...' : `Confirm the ${item.title.toLowerCase()}`}
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </section>
  );
}
