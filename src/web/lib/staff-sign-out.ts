import type { QueryClient } from '@tanstack/react-query';
import { api } from './api-client';
import { adminQueryKey, noteStaffSignedIn, staffSessionKey } from './staff-session';

// Apart from lib/staff-session.ts, which the first screen's header reads: only the staff screens
// sign out, so this stays in their chunks.

let signedOut = false;

/** The sign-in screen says "You have signed out." after a Sign out in this tab. */
export const signedOutInThisTab = () => signedOut;

/** Ends the session on the server; staff data cached in this tab goes with it. */
export async function signOutStaff(queryClient: QueryClient): Promise<void> {
  await api.delete<null>('/api/staff/session');
  signedOut = true;
  noteStaffSignedIn(false);
  queryClient.removeQueries({ queryKey: adminQueryKey });
  queryClient.setQueryData(staffSessionKey, null);
}
