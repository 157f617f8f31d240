/** Grey cards where the lead's sections will be. */
export function LeadDetailSkeleton() {
  return (
    <div>
      <p role="status" className="sr-only">
        Loading the lead...
      </p>
      <div aria-hidden="true" className="grid gap-5 lg:grid-cols-2">
        {[0, 1].map((column) => (
          <div key={column} className="space-y-5">
            {[0, 1].map((card) => (
              <div key={card} className="card animate-pulse space-y-3">
                <div className="h-6 w-1/3 rounded bg-line" />
                <div className="h-4 w-3/4 rounded bg-line" />
                <div className="h-4 w-1/2 rounded bg-line" />
                <div className="h-11 w-2/3 rounded bg-line" />
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
