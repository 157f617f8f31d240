import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import type { StaffRole } from '#shared/staff/staff.contract.ts';
import { Icon } from '#web/components/ui/icon.tsx';
import { Link, useLocation, useNavigate } from '#web/lib/router.tsx';
import { staffSessionQuery } from '#web/lib/staff-api.ts';
import { signOutStaff } from '#web/lib/staff-sign-out.ts';
import { paths } from '#web/paths.ts';

// The staff screens, in the order staff use them; admin-only ones need the admin role
// (ARCHITECTURE.md "Staff access": staff open /leads, /dashboard and /schedule, admins also the
// settings).
const screens: { label: string; to: string; role: StaffRole }[] = [
  { label: 'Leads', to: paths.leads, role: 'staff' },
  { label: 'Dashboard', to: paths.dashboard, role: 'staff' },
  { label: 'Schedule', to: paths.schedule, role: 'staff' },
  { label: 'Settings', to: paths.settings, role: 'admin' },
  { label: 'Booking rules', to: paths.trakSettings, role: 'admin' },
];

const isCurrent = (to: string, pathname: string) =>
  pathname === to || pathname.startsWith(`${to}/`);

/**
 * The staff bar under the header: the screens this person may open, the current one marked, and
 * Sign out. On a phone it folds into a 'Staff menu' disclosure so the header keeps one line.
 * Loaded only while a staff member is signed in on this browser (see staff-nav-slot.tsx).
 */
export default function StaffNav() {
  const session = useQuery(staffSessionQuery);
  const { pathname } = useLocation();
  // the menu remembers the page it was opened on: choosing a screen closes it
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (value: boolean) => setOpenOn(value ? pathname : null);
  const toggle = useRef<HTMLButtonElement>(null);
  const listId = useId();

  const user = session.data;
  if (!user) return null;
  const allowed = screens.filter((screen) => screen.role === 'staff' || user.role === 'admin');

  return (
    <nav
      aria-label="Staff"
      className="border-t border-line"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          toggle.current?.focus();
        }
      }}
    >
      <div className="mx-auto flex max-w-5xl flex-wrap items-center gap-x-2 px-3 py-1">
        <button
          ref={toggle}
          type="button"
          className="btn -ml-2 min-h-11 px-2 text-sm sm:hidden"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen(!open)}
        >
          <Icon className="size-5">
            <path d={open ? 'M6 6l12 12M18 6 6 18' : 'M4 7h16M4 12h16M4 17h16'} />
          </Icon>
          Staff menu
        </button>
        <ul
          id={listId}
          className={`${open ? 'flex' : 'hidden'} w-full flex-col pb-2 sm:flex sm:w-auto sm:flex-1 sm:flex-row sm:flex-wrap sm:gap-1 sm:pb-0`}
        >
          {allowed.map((screen) => {
            const current = isCurrent(screen.to, pathname);
            return (
              <li key={screen.to}>
                <Link
                  to={screen.to}
                  aria-current={current ? 'page' : undefined}
                  className={`flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold hover:bg-canvas ${
                    current ? 'text-brand underline decoration-2 underline-offset-4' : 'text-ink'
                  }`}
                >
                  {screen.label}
                </Link>
              </li>
            );
          })}
          <li className="sm:ml-auto">
            <SignOutButton email={user.email} />
          </li>
        </ul>
      </div>
    </nav>
  );
}

function SignOutButton({ email }: { email: string }) {
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="btn-quiet min-h-11 w-full px-3 py-1 text-sm sm:w-auto"
      disabled={busy}
      title={`Signed in as ${email}`}
      onClick={() => {
        setBusy(true);
        signOutStaff(queryClient)
          // the sign-in screen, saying so: not the customer form, which reads as still signed in
          .then(() => navigate(paths.leads))
          .catch(() => {})
          .finally(() => setBusy(false));
      }}
    >
      {busy ? 'Signing out...' : 'Sign out'}
    </button>
  );
}
