import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { setupCategory, setupItems, type SetupKey } from '#shared/settings/setup-checklist.ts';
import { noticesLine, setupRows, setupStatusQuery } from '#web/components/staff/setup-status.ts';
import { useSettingsCategory } from './settings-api';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

const isSetupKey = (key: string): key is SetupKey => setupItems.some((item) => item.key === key);

/**
 * The first-run checklist at the top of /settings: the business details, the base address and
 * the prices start as placeholders, and e-mail only goes to the log; the list stays until an
 * admin has confirmed each one (saving the business details confirms them) and a test e-mail
 * went out. /dashboard and /leads show what is left of it (SetupReminder).
 */
export function SetupChecklist() {
  const { save } = useSettingsCategory(setupCategory);
  const queryClient = useQueryClient();
  const status = useQuery(setupStatusQuery).data;
  const business = useSettingsCategory('business').query.data;
  const [busy, setBusy] = useState<SetupKey | null>(null);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  if (!status) return null;
  const rows = setupRows(status);
  if (rows.every((row) => row.done)) return null;

  const confirm = async (key: SetupKey) => {
    setBusy(key);
    setError(null);
    try {
      await save([[key, true]]);
      await queryClient.invalidateQueries({ queryKey: setupStatusQuery.queryKey });
      const left = rows.filter((row) => row.key !== key && !row.done);
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
          A new install starts with placeholders. Check each item below and confirm it (saving the
          business details confirms them and the base address); this list stays until everything is
          done.
        </p>
        <p className="mt-1 text-muted">{noticesLine(status)}</p>
      </div>
      <ul className="space-y-4">
        {rows.map((row) => {
          const { key, done } = row;
          return (
            <li key={key} className="border-t border-line pt-4">
              <h3 className="font-semibold">
                {row.title}:{' '}
                <span className={done ? 'text-brand' : 'text-danger'}>{row.state}</span>
              </h3>
              <p className="mt-1">{row.why}</p>
              {key === 'setup_base_address_confirmed' && baseAddress && (
                <p className="mt-1">Now: {baseAddress}</p>
              )}
              {!done && (
                <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
                  <a href={`#${row.section}`} className="link">
                    {isSetupKey(key)
                      ? `Check the ${row.title.toLowerCase()}`
                      : 'Set up e-mail and send the test'}
                  </a>
                  {isSetupKey(key) && (
                    <button
                      type="button"
                      className="btn-quiet"
                      disabled={busy !== null}
                      onClick={() => void confirm(key)}
                    >
                      {busy === key ? 'Saving...' : `Confirm the ${row.title.toLowerCase()}`}
                    </button>
                  )}
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
