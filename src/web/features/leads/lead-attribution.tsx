import { attributionFamilyLabels } from '#shared/attribution/attribution.ts';
import type { AttributionTouch, LeadDetail } from '#shared/leads/lead-detail.contract.ts';
import { shortDateTime } from './lead-format';

const fields: [Exclude<keyof AttributionTouch, 'family'>, string][] = [
  ['utmSource', 'Source'],
  ['utmMedium', 'Medium'],
  ['utmCampaign', 'Campaign'],
  ['utmTerm', 'Term'],
  ['utmContent', 'Content'],
  ['gclid', 'Google click id'],
  ['gbraid', 'gbraid'],
  ['wbraid', 'wbraid'],
  ['fbclid', 'Facebook click id'],
  ['referrer', 'Referrer'],
  ['landingPage', 'Landing page'],
  ['device', 'Device'],
];

function Touch({ title, touch }: { title: string; touch: AttributionTouch | null }) {
  const known = touch ? fields.filter(([key]) => touch[key]) : [];
  return (
    <div className="min-w-0">
      <h3 className="font-semibold">
        {title}
        {touch?.at && <span className="font-normal text-muted"> · {shortDateTime(touch.at)}</span>}
      </h3>
      {touch?.family && (
        <p className="text-sm">
          <span className="text-muted">Channel:</span> {attributionFamilyLabels[touch.family]}
        </p>
      )}
      {known.length === 0 ? (
        <p className="text-muted">Nothing recorded (a direct visit).</p>
      ) : (
        <dl className="text-sm">
          {known.map(([key, label]) => (
            <div key={key} className="flex flex-wrap gap-x-2">
              <dt className="text-muted">{label}:</dt>
              <dd className="min-w-0 break-all">{touch?.[key]}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/** Where the lead came from: the first visit and the one that sent the form. */
export function LeadAttribution({ attribution }: { attribution: LeadDetail['attribution'] }) {
  return (
    <section aria-labelledby="lead-attribution-title" className="card">
      <h2 id="lead-attribution-title" className="text-xl font-bold">
        Where the lead came from
      </h2>
      <details>
        <summary className="min-h-11 cursor-pointer py-2 font-semibold">
          First and last visit (campaign, click ids, landing page)
        </summary>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <Touch title="First visit" touch={attribution.firstTouch} />
          <Touch title="Last visit" touch={attribution.lastTouch} />
        </div>
      </details>
    </section>
  );
}
