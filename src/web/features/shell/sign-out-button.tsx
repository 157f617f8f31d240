import { useQueryClient } from '@tanstack/react-query';
import { useState, useSyncExternalStore } from 'react';
import { useNavigate } from '#web/lib/router.tsx';
import { isStaffSignedIn, signOutStaff, subscribeStaffPresence } from '#web/lib/staff-session.ts';

/** "Sign out" in the header while a staff member is signed in on this browser. */
export function SignOutButton() {
  const signedIn = useSyncExternalStore(subscribeStaffPresence, isStaffSignedIn, () => false);
  const [busy, setBusy] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  if (!signedIn) return null;
  return (
    <button
      type="button"
      className="btn-quiet min-h-9 px-3 py-1 text-sm"
      disabled={busy}
      onClick={() => {
        setBusy(true);
        signOutStaff(queryClient)
          .then(() => navigate('/'))
          .catch(() => {})
          .finally(() => setBusy(false));
      }}
    >
      {busy ? 'Signing out...' : 'Sign out'}
    </button>
  );
}
