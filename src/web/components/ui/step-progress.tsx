const steps = ['Contact', 'Details', 'Booking'] as const;

/** The three-step progress indicator of the booking flow. */
export function StepProgress({ current }: { current: 0 | 1 | 2 }) {
  return (
    <nav aria-label="Booking progress" className="my-6">
      <ol className="flex items-center gap-2 text-sm">
        {steps.map((step, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'next';
          return (
            <li
              key={step}
              aria-current={state === 'current' ? 'step' : undefined}
              className={`flex flex-1 items-center gap-2 border-b-4 pb-2 ${state === 'next' ? 'border-line text-muted' : 'border-brand font-semibold'}`}
            >
              <span
                aria-hidden="true"
                className={`grid size-7 shrink-0 place-items-center rounded-full border-2 ${state === 'next' ? 'border-field' : 'border-brand bg-brand text-on-brand'}`}
              >
                {index + 1}
              </span>
              {step}
              {state === 'done' && <span className="sr-only"> (completed)</span>}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
