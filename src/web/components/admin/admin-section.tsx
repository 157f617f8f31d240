import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';

/** A titled card of an admin page; its id is the target of the page's section links. */
export function AdminSection({
  id,
  title,
  description,
  children,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={titleId} className="card scroll-mt-20 space-y-4">
      <div>
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        {description && <p className="mt-1 text-muted">{description}</p>}
      </div>
      {children}
    </section>
  );
}

/** What a section shows while its data loads or when it failed to load. */
export function SectionState({
  status,
  error,
  onRetry,
}: {
  status: 'pending' | 'error';
  error?: Error | null;
  onRetry: () => void;
}) {
  if (status === 'pending') {
    return (
      <p role="status" className="text-muted">
        Loading...
      </p>
    );
  }
  return (
    <div role="alert">
      <p>{error?.message ?? 'This section could not be loaded.'}</p>
      <button type="button" className="btn-quiet mt-3" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

/** A section's content once its query has data; until then, loading or the error with Retry. */
export function QueryContent<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  if (query.isSuccess) return children(query.data);
  return (
    <SectionState status={query.status} error={query.error} onRetry={() => void query.refetch()} />
  );
}
