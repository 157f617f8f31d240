import { useQueryClient } from '@tanstack/react-query';
import { ApiRequestError } from '#web/lib/api-client.ts';
import { staffSessionKey } from '#web/lib/staff-session.ts';

/** A failed load: what went wrong and Retry; an ended sign-in goes back to the sign-in form. */
export function QueryProblem({
  error,
  query,
}: {
  error: Error;
  query: { refetch: () => Promise<unknown> };
}) {
  const queryClient = useQueryClient();
  const signedOut = error instanceof ApiRequestError && error.status === 401;
  return (
    <div role="alert" className="rounded-xl border border-line bg-surface p-6">
      <p className="font-semibold">
        {signedOut ? 'Your sign-in has ended.' : 'We could not load this.'}
      </p>
      {!signedOut && <p className="mt-1">{error.message}</p>}
      <button
        type="button"
        className="btn-quiet mt-4"
        onClick={() =>
          void (signedOut
            ? queryClient.invalidateQueries({ queryKey: staffSessionKey })
            : query.refetch())
        }
      >
        {signedOut ? 'Sign in again' : 'Retry'}
      </button>
    </div>
  );
}
