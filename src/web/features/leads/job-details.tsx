import type { LeadDetail } from '#shared/leads/lead-detail.contract.ts';

const mm = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });
const area = new Intl.NumberFormat('en-AU', { minimumFractionDigits: 2, maximumFractionDigits: 3 });

/** What the customer told us about the job: concern, panes, description and measurements. */
export function JobDetails({ details }: { details: LeadDetail['details'] }) {
  const { painPoint, glassCount, jobDescription, measurements } = details;
  const told = painPoint || glassCount !== null || jobDescription || measurements.length > 0;
  return (
    <section aria-labelledby="lead-job-title" className="card space-y-3">
      <h2 id="lead-job-title" className="text-xl font-bold">
        The job
      </h2>
      {!told ? (
        <p className="text-muted">The customer has not reached the Details step yet.</p>
      ) : (
        <>
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
            <dt className="font-semibold">Main concern</dt>
            <dd>{painPoint?.name ?? '—'}</dd>
            <dt className="font-semibold">Panes of glass</dt>
            <dd>{glassCount ?? '—'}</dd>
            <dt className="font-semibold">Description</dt>
            <dd className="break-words whitespace-pre-line">{jobDescription || '—'}</dd>
          </dl>
          {measurements.length > 0 && (
            <table className="w-full text-left">
              <caption className="mb-1 text-left font-semibold">Measurements</caption>
              <thead>
                <tr className="border-b border-line">
                  <th scope="col" className="py-1 pr-2">
                    Pane
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    Length × width (mm)
                  </th>
                  <th scope="col" className="py-1 text-right">
                    Area (m²)
                  </th>
                </tr>
              </thead>
              <tbody>
                {measurements.map((pane, index) => (
                  <tr key={index} className="border-b border-line">
                    <th scope="row" className="py-1 pr-2 font-normal">
                      {index + 1}
                    </th>
                    <td className="py-1 pr-2 text-right tabular-nums">
                      {mm.format(pane.length)} × {mm.format(pane.width)}
                    </td>
                    <td className="py-1 text-right tabular-nums">{area.format(pane.sqm)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
    </section>
  );
}
