import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { StaffRole } from '#shared/staff/staff.contract.ts';
import { PageHeading } from '#web/components/ui/page-heading.tsx';
import { signedOutInThisTab, signOutStaff } from '#web/lib/staff-sign-out.ts';
import { SignInForm } from './sign-in-form';
import { staffSessionQuery } from '#web/lib/staff-api.ts';

interface Props {
  /** The screen's name, for the sign-in page ("Sign in to open Settings"). */
  screen: string;
  /** admin: only admins; staff: staff and admins. */
  role: StaffRole;
  children: ReactNode;
}

/**
 * The browser half of staff access: shows sign-in until the server says who is signed in. The
 * server checks every staff request itself; this only decides what to render.
 */
export function StaffGate({ screen, role, children }: Props) {
  const session = useQuery(staffSessionQuery);
  const queryClient = useQueryClient();

  if (session.isPending) {
    return (
      <p role="status" className="page text-muted">
        Checking your sign-in...
      </p>
    );
  }
  if (session.isError) {
    return (
      <div role="alert" className="page">
        <h1 className="text-2xl font-bold">We could not check your sign-in</h1>
        <p className="mt-3">{session.error.message}</p>
        <button type="button" className="btn-primary mt-6" onClick={() => void session.refetch()}>
          Retry
        </button>
      </div>
    );
  }
  const user = session.data;
  if (!user) {
    return (
      <SignInForm
        screen={screen}
        notice={signedOutInThisTab() ? 'You have signed out.' : undefined}
      />
    );
  }
  if (role === 'admin' && user.role !== 'admin') {
    return (
      <div className="page">
        <PageHeading title={screen}>{screen}</PageHeading>
        <p className="mt-3">
          You are signed in as {user.email}, and {screen} needs an admin account.
        </p>
        <button
          type="button"
          className="btn-quiet mt-6"
          onClick={() => void signOutStaff(queryClient).catch(() => {})}
        >
          Sign in as someone else
        </button>
      </div>
    );
  }
  return children;
}
