import { useQuery } from '@tanstack/react-query';
import { noteBusinessName } from '#web/lib/page-title.ts';
import { settingsQuery } from '#web/lib/queries.ts';
import { Link } from '#web/lib/router.tsx';
import { paths } from '#web/paths.ts';
import { HelpButton } from './help-button';
import { StaffNavSlot } from './staff-nav-slot';
import { ThemeToggle } from './theme-toggle';

const logoBox = 'h-8 w-36 max-w-full object-contain';

/**
 * The sticky navigation: help on the left, the logo (the business's, else the product's mark and
 * the name) in the centre, the theme on the right; under it, for signed-in staff only, the staff
 * screens and Sign out.
 */
export function SiteHeader() {
  // the business's name comes with the settings the first screen already loads (index.html
  // preloads them); until an admin confirms it, the product's name stands in
  const { data: settings } = useQuery(settingsQuery);
  noteBusinessName(settings?.business.name ?? ''); // for the tab's title (page-title.ts)
  const name = settings?.business.name || 'TintBook';
  const logo = settings?.branding.logoUrl;
  const darkLogo = settings?.branding.logoDarkUrl;
  return (
    <header className="sticky top-0 z-10 border-b border-line bg-surface/95 backdrop-blur">
      <nav
        aria-label="Site"
        className="mx-auto grid max-w-5xl grid-cols-[1fr_auto_1fr] items-center px-3 py-1"
      >
        <HelpButton />
        <Link
          to={paths.home}
          aria-label={`${name}, home`}
          className="flex max-w-[calc(100vw-10.5rem)] min-w-0 items-center gap-2 rounded-lg px-2 py-1 text-lg font-bold"
        >
          {logo ? (
            // the business's own logo (ADR 031) carries its name: it stands alone, in a box of
            // fixed size (drawn to fit), so nothing moves when it arrives after the first paint
            // the dark theme's version, when there is one, is switched by the theme class alone
            // (as the partner strip's): no script, and the hidden one is out of the a11y tree
            darkLogo ? (
              <>
                <img src={logo} alt={name} className={`${logoBox} dark:hidden`} />
                <img src={darkLogo} alt={name} className={`${logoBox} hidden dark:block`} />
              </>
            ) : (
              <img src={logo} alt={name} className={logoBox} />
            )
          ) : (
            <>
              <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
                <rect width="32" height="32" rx="7" className="fill-brand" />
                <path d="M8 9h16v4h-6v12h-4V13H8z" className="fill-on-brand" />
              </svg>
              <span className="truncate">{name}</span>
            </>
          )}
        </Link>
        <div className="flex items-center justify-end gap-1">
          <ThemeToggle />
        </div>
      </nav>
      <StaffNavSlot />
    </header>
  );
}
