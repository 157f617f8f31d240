/** Grey shapes where the leads will be, so the page does not jump when they arrive. */
export function LeadListSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading leads...
      </p>
      <ul aria-hidden="true" className="space-y-3">
        {[0, 1, 2, 3, 4].map((row) => (
          <li key={row} className="animate-pulse rounded-xl border border-line bg-surface p-4">
            <div className="h-5 w-1/3 rounded bg-line" />
            <div className="mt-3 h-4 w-2/3 rounded bg-line" />
            <div className="mt-2 h-4 w-1/2 rounded bg-line" />
          </li>
        ))}
      </ul>
    </div>
  );
}
