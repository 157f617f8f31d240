// Neutral placeholder marks until the business supplies its partners' artwork. They are drawn
// in currentColor, so the strip follows the theme; the dark theme also turns the marks solid.
const marks = [
  { name: 'Partner one', shape: <circle cx="12" cy="12" r="8" /> },
  { name: 'Partner two', shape: <rect x="4" y="4" width="16" height="16" rx="3" /> },
  { name: 'Partner three', shape: <path d="M12 3 21 20H3z" /> },
];

export function PartnerStrip() {
  return (
    <ul
      aria-label="Our partners"
      className="flex flex-wrap items-center justify-center gap-6 text-muted"
    >
      {marks.map((mark) => (
        <li
          key={mark.name}
          className="flex items-center gap-2 font-semibold tracking-wide uppercase"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-6 fill-none stroke-current stroke-2 dark:fill-current"
          >
            {mark.shape}
          </svg>
          <span>
            Partner<span className="sr-only"> {mark.name.split(' ')[1]}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
