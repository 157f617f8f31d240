import type { Onsite } from '#shared/estimate/estimate.contract.ts';

/** For the consultation option: an onsite visit, or a phone consultation for smaller jobs. */
export function ConsultationNote({ onsite, glassCount }: { onsite: Onsite; glassCount: number }) {
  return (
    <section aria-labelledby="consultation-title" className="rounded-xl bg-brand-soft p-4">
      <h3 id="consultation-title" className="font-bold">
        {onsite.available ? 'Onsite consultation available' : 'Phone consultation'}
      </h3>
      <p className="mt-1">
        {onsite.available
          ? 'A consultant can visit your property to measure and advise.'
          : `Onsite visits are for jobs of at least ${onsite.threshold} panes; yours has ${glassCount}, so we offer you a phone consultation.`}
      </p>
    </section>
  );
}
