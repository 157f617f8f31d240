import {
  defaultBannerText,
  promoAdminMessages,
  promoCodeFieldsSchema,
  promoFieldIssues,
  type PromoCodeDto,
  type PromoCodeFields,
  type UpdatePromoCode,
} from '#shared/admin/promo-codes.contract.ts';
import { defaultBannerColour } from '#shared/catalogue/catalogue-defaults.ts';
import { errorCodes } from '#shared/api/error.ts';
import { promoRefusal, unknownPromo, type PromoRefusal } from '#shared/pricing/promo.ts';
import type { Db } from '#server/db/client.ts';
import { readSettings } from '#server/db/settings-store.ts';
import { HttpError } from '#server/lib/http-error.ts';
import * as repo from './admin-promo-codes.repository';

const m = promoAdminMessages;

function toDto(row: repo.PromoCodeRow): PromoCodeDto {
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    discountType: row.discountType === 'fixed' ? 'fixed' : 'percentage',
    discountValue: row.discountValue,
    isSeasonal: row.isSeasonal,
    seasonName: row.seasonName,
    utmTrigger: row.utmTrigger,
    bannerText: row.bannerText,
    bannerColor: row.bannerColor ?? defaultBannerColour,
    validFrom: row.validFrom?.toISOString() ?? null,
    validTo: row.validTo?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    usageCount: row.usageCount,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function toWrite(p: PromoCodeFields): repo.PromoCodeWrite {
  return {
    ...p,
    validFrom: p.validFrom ? new Date(p.validFrom) : null,
    validTo: p.validTo ? new Date(p.validTo) : null,
  };
}

const codeTaken = () => new HttpError(409, errorCodes.conflict, m.codeInUse, { code: m.codeInUse });

export async function listPromoCodes(db: Db): Promise<PromoCodeDto[]> {
  return (await repo.listPromoCodes(db)).map(toDto);
}

export async function getPromoCode(db: Db, id: string): Promise<PromoCodeDto> {
  const row = await repo.findPromoCodeById(db, id);
  if (!row) throw HttpError.notFound(m.notFound);
  return toDto(row);
}

export async function createPromoCode(db: Db, input: PromoCodeFields): Promise<PromoCodeDto> {
  const row = await repo.insertPromoCode(db, toWrite(input));
  if (!row) throw codeTaken();
  return toDto(row);
}

/** Merges the change into the stored code and checks the whole before saving. */
export async function updatePromoCode(
  db: Db,
  id: string,
  change: UpdatePromoCode,
): Promise<PromoCodeDto> {
  const existing = await repo.findPromoCodeById(db, id);
  if (!existing) throw HttpError.notFound(m.notFound);
  const { id: _id, usageCount: _u, createdAt: _c, updatedAt: _up, ...current } = toDto(existing);
  const defined = Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined));
  const parsed = promoCodeFieldsSchema.safeParse({ ...current, ...defined });
  if (!parsed.success) {
    const fields = Object.fromEntries(
      parsed.error.issues.map((i) => [i.path.join('.'), i.message]),
    );
    throw HttpError.badRequest(parsed.error.issues[0]?.message ?? m.notFound, fields);
  }
  const merged = parsed.data;
  const issues = promoFieldIssues(merged);
  if (Object.keys(issues).length > 0) {
    throw HttpError.badRequest(Object.values(issues)[0] ?? m.notFound, issues);
  }
  const outcome = await repo.updatePromoCode(db, id, toWrite(merged));
  if ('codeTaken' in outcome) throw codeTaken();
  if ('notFound' in outcome) throw HttpError.notFound(m.notFound);
  return toDto(outcome.row);
}

export async function deletePromoCode(db: Db, id: string): Promise<void> {
  if (!(await repo.deletePromoCode(db, id))) throw HttpError.notFound(m.notFound);
}

export interface PublicPromo {
  code: string;
  discountType: 'percentage' | 'fixed';
  discountValue: number;
  bannerText: string;
  bannerColor: string;
}

function toPublic(row: repo.PromoCodeRow): PublicPromo {
  const { code, discountType, discountValue, bannerColor } = toDto(row);
  return {
    code,
    discountType,
    discountValue,
    bannerText: row.bannerText ?? defaultBannerText({ code, discountType, discountValue }),
    bannerColor,
  };
}

const disabled: PromoRefusal = { code: errorCodes.promoDisabled, message: m.disabled };

/** Why a code cannot be offered now (switched off, inactive, out of date, used up), or null. */
async function refusal(
  db: Db,
  row: repo.PromoCodeRow | null,
  now: Date,
): Promise<PromoRefusal | null> {
  const s = await readSettings(db, ['promo_codes_enabled', 'seasonal_promotions_enabled']);
  if (!s.promo_codes_enabled) return disabled;
  if (row?.isSeasonal && !s.seasonal_promotions_enabled) return disabled;
  return promoRefusal(row, now);
}

/** What a public lookup answers: the usable code, or null and why not (ADR 030). */
export type PromoLookup =
  { promo: PublicPromo; refusal: null } | { promo: null; refusal: PromoRefusal };

const found = (row: repo.PromoCodeRow): PromoLookup => ({ promo: toPublic(row), refusal: null });

/** Public: one code, by its text. */
export async function lookUpPromoCode(db: Db, code: string, now: Date): Promise<PromoLookup> {
  const row = await repo.findPromoCodeByCode(db, code);
  const refused = await refusal(db, row, now);
  if (refused || !row) return { promo: null, refusal: refused ?? unknownPromo };
  return found(row);
}

/** Public: the code a campaign link (utm trigger) activates, if one is usable now. */
export async function promoForUtmTrigger(db: Db, trigger: string, now: Date): Promise<PromoLookup> {
  const rows = await repo.findPromoCodesByUtmTrigger(db, trigger);
  for (const row of rows) {
    const refused = await refusal(db, row, now);
    if (refused === disabled) return { promo: null, refusal: disabled };
    if (!refused) return found(row);
  }
  return { promo: null, refusal: { code: errorCodes.notFound, message: m.noUtmPromo } };
}
