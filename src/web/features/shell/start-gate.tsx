import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { StatusScreen } from '#web/components/ui/status-screen.tsx';
import { bookingOptionsQuery, settingsQuery } from '#web/lib/queries.ts';

/** Holds the app behind a loader until settings and booking options are in. */
export function StartGate({ children }: { children: ReactNode }) {
  const settings = useQuery(settingsQuery);
  const options = useQuery(bookingOptionsQuery);
  const error = settings.error ?? options.error;
  const fetching = settings.isFetching || options.isFetching;

  if (error && !fetching) {
    return (
      <StatusScreen role="alert" title="Initialization Error">
        <p className="mt-2">{error.message}</p>
        <button
          type="button"
          className="btn-primary mt-6"
          onClick={() => {
            if (settings.isError) void settings.refetch();
            if (options.isError) void options.refetch();
          }}
        >
          Retry
        </button>
      </StatusScreen>
    );
  }
  if (!settings.data || !options.data) {
    return (
      <StatusScreen role="status" title="Initializing TintBook...">
        <span
          aria-hidden="true"
          className="mx-auto mt-6 block size-10 animate-spin rounded-full border-4 border-line border-t-brand motion-reduce:animate-none"
        />
      </StatusScreen>
    );
  }
  return children;
}
