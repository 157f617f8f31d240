import type { Onsite } from '#shared/estimate/estimate.contract.ts';
import type { ServiceType } from '#web/components/slot-picker/booking-api.ts';

/** Whether onsite may be chosen, and the panes it was decided by. */
export interface OnsiteOffer extends Onsite {
  glassCount: number;
}

export const serviceTypeInputId = (type: ServiceType) => `serviceType-${type}`;

interface Props {
  value: ServiceType | null;
  onChange: (value: ServiceType) => void;
  /** Null while unknown (no details saved, or the check failed): phone only. */
  onsite: OnsiteOffer | null;
  checking: boolean;
  error: string | undefined;
}

const options = {
  phone: {
    label: 'Phone consultation',
    hint: 'Your consultant calls you at the booked time.',
  },
  onsite: {
    label: 'Onsite consultation',
    hint: 'Your consultant visits your property to measure and advise.',
  },
} as const;

function phoneOnlyReason(onsite: OnsiteOffer | null): string {
  if (!onsite)
    return 'Onsite visits depend on the size of the job, so we offer you a phone consultation.';
  const panes = `${onsite.glassCount} ${onsite.glassCount === 1 ? 'pane' : 'panes'}`;
  return `Onsite visits are for jobs of at least ${onsite.threshold} panes; yours has ${panes}, so we offer you a phone consultation.`;
}

/** Phone or onsite (spec §3 serviceType); onsite only when the job is big enough. /booking and /reschedule. */
export function ServiceTypeField({ value, onChange, onsite, checking, error }: Props) {
  const types: ServiceType[] = onsite?.available ? ['phone', 'onsite'] : ['phone'];
  const describedBy = ['serviceType-note', error && 'serviceType-error'].filter(Boolean).join(' ');
  return (
    <fieldset aria-describedby={describedBy} className="space-y-3">
      <legend className="field-label text-lg">Consultation type</legend>
      {error && (
        <p id="serviceType-error" className="field-error">
          {error}
        </p>
      )}
      {types.map((type) => (
        <label
          key={type}
          htmlFor={serviceTypeInputId(type)}
          className={`flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border p-3 ${
            value === type ? 'border-2 border-brand bg-brand-soft' : 'border-field'
          }`}
        >
          <input
            type="radio"
            id={serviceTypeInputId(type)}
            name="serviceType"
            value={type}
            checked={value === type}
            onChange={() => onChange(type)}
            aria-invalid={error ? true : undefined}
            className="mt-1 size-5 shrink-0 accent-brand"
          />
          <span>
            <span className="block font-semibold">{options[type].label}</span>
            <span className="block text-sm text-muted">{options[type].hint}</span>
          </span>
        </label>
      ))}
      <p id="serviceType-note" className="text-sm">
        {checking
          ? 'Checking whether an onsite visit is possible...'
          : onsite?.available
            ? ''
            : phoneOnlyReason(onsite)}
      </p>
    </fieldset>
  );
}
