import { useEffect, useRef, useState } from 'react';

const typingPauseMs = 400;

/**
 * The one search box (name, e-mail, phone typed any way, suburb). It searches as the user
 * pauses typing, without filling the history with every word; Enter searches at once as a new
 * entry, which back then undoes.
 */
export function SearchBox({
  value,
  onSearch,
}: {
  value: string;
  onSearch: (q: string, options: { replace: boolean }) => void;
}) {
  const [draft, setDraft] = useState(value);
  const [shown, setShown] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // back/forward (or a tab) brought another search: show it (set while rendering, as React
  // advises for state that follows a prop)
  if (value !== shown) {
    setShown(value);
    setDraft(value);
  }
  useEffect(() => () => clearTimeout(timer.current), []);

  const change = (next: string) => {
    setDraft(next);
    clearTimeout(timer.current);
    // the first search from the plain list is an entry of its own (back returns to the list);
    // refining it replaces that entry
    const replace = value !== '';
    timer.current = setTimeout(() => onSearch(next.trim(), { replace }), typingPauseMs);
  };

  return (
    <form
      role="search"
      aria-label="Leads"
      onSubmit={(event) => {
        event.preventDefault();
        clearTimeout(timer.current);
        onSearch(draft.trim(), { replace: false });
      }}
    >
      <label htmlFor="leads-search" className="field-label">
        Search
      </label>
      <div className="flex gap-2">
        <input
          id="leads-search"
          type="search"
          className="field-input min-w-0 flex-1"
          value={draft}
          maxLength={200}
          autoComplete="off"
          aria-describedby="leads-search-hint"
          onChange={(event) => change(event.target.value)}
        />
        <button type="submit" className="btn-quiet shrink-0">
          Search
        </button>
      </div>
      <p id="leads-search-hint" className="mt-1 text-sm text-muted">
        Name, e-mail or part of it, phone (any spacing, 04…, +61… or its last digits) or suburb
      </p>
    </form>
  );
}
