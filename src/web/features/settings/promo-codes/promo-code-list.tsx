import type { PromoCodeDto } from '#shared/admin/promo-codes.contract.ts';
import { Detail, EntryActions } from '#web/components/admin/list-entry.tsx';
import { bannerBackground, bannerTextColour } from '#web/lib/banner-colour.ts';
import {
  bannerTextOf,
  discountLabel,
  statusLabel,
  usageLabel,
  validityLabel,
} from './promo-labels';

export const editButtonId = (promo: PromoCodeDto) => `promo-edit-${promo.id}`;
export const deleteButtonId = (promo: PromoCodeDto) => `promo-delete-${promo.id}`;

/** Every promo code with what it gives, when, how often it was used, and its banner. */
export function PromoCodeList({
  promoCodes,
  now,
  onEdit,
  onDelete,
}: {
  promoCodes: PromoCodeDto[];
  now: Date;
  onEdit: (promo: PromoCodeDto) => void;
  onDelete: (promo: PromoCodeDto) => void;
}) {
  if (promoCodes.length === 0) {
    return <p className="text-muted">No promo codes yet.</p>;
  }
  return (
    <ul aria-label="Promo codes" className="space-y-3">
      {promoCodes.map((promo) => (
        <li key={promo.id} className="rounded-xl border border-line p-4">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <h3 className="text-lg font-bold break-all">{promo.code}</h3>
            <p className="font-semibold">{statusLabel(promo, now)}</p>
          </div>
          {promo.description && <p className="mt-1 text-muted">{promo.description}</p>}
          <dl className="mt-2 space-y-1">
            <Detail term="Discount">{discountLabel(promo)}</Detail>
            <Detail term="Valid">{validityLabel(promo)}</Detail>
            <Detail term="Used">{usageLabel(promo)}</Detail>
            {promo.utmTrigger && <Detail term="UTM trigger">{promo.utmTrigger}</Detail>}
            {promo.isSeasonal && <Detail term="Seasonal">{promo.seasonName ?? 'Yes'}</Detail>}
          </dl>
          <p
            className="mt-3 rounded-lg px-3 py-2 text-sm font-semibold"
            style={{
              backgroundColor: bannerBackground(promo.bannerColor),
              color: bannerTextColour(promo.bannerColor),
            }}
          >
            <span className="sr-only">Banner: </span>
            {bannerTextOf(promo)}
          </p>
          <EntryActions
            name={promo.code}
            editId={editButtonId(promo)}
            deleteId={deleteButtonId(promo)}
            onEdit={() => onEdit(promo)}
            onDelete={() => onDelete(promo)}
          />
        </li>
      ))}
    </ul>
  );
}
