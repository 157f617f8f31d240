import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  staffSessionPath,
  type SignInInput,
  type StaffSessionResponse,
  type StaffUser,
} from '#shared/staff/staff.contract.ts';
import { ApiRequestError, api } from './api-client';
import { adminQueryKey, noteStaffSignedIn, staffSessionKey } from './staff-session';

/** Who is signed in: the user, or null when the server answers 401. */
export const staffSessionQuery = queryOptions({
  queryKey: staffSessionKey,
  queryFn: async ({ signal }): Promise<StaffUser | null> => {
    try {
      const { user } = await api.get<StaffSessionResponse>(staffSessionPath, signal);
      noteStaffSignedIn(true);
      return user;
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) {
        noteStaffSignedIn(false);
        return null;
      }
      throw error;
    }
  },
  // a session ends on the server (idle time-out): ask again whenever an admin page mounts
  staleTime: 0,
  retry: false,
});

export async function signIn(queryClient: QueryClient, input: SignInInput): Promise<StaffUser> {
  const { user } = await api.post<StaffSessionResponse>(staffSessionPath, input);
  noteStaffSignedIn(true);
  // the previous user's cached answers (another role) must not show for this one
  queryClient.removeQueries({ queryKey: adminQueryKey });
  queryClient.setQueryData(staffSessionKey, user);
  return user;
}
