import type { DetailsFormValues } from '#shared/estimate/details.contract.ts';
import { readJson, removeItem, writeJson } from './storage';
import { storageKeys } from './storage-keys';

// What the server accepted on the Details step, for the steps after it (Files, Estimate). Kept
// with the session id it was saved for: details saved under another session count for nothing.
const key = storageKeys.detailsSaved;

export type SavedDetails = Pick<DetailsFormValues, 'glassCount' | 'painPoint' | 'measurements'> & {
  jobDescription?: string | undefined;
};

export function rememberDetails(sessionId: string, details: SavedDetails): void {
  writeJson(key, { sessionId, details });
}

export function forgetDetails(): void {
  removeItem(key);
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** Checked by hand: storage holds whatever an older version (or devtools) left there. */
export function savedDetails(sessionId: string): SavedDetails | null {
  const stored = readJson(key);
  if (typeof stored !== 'object' || stored === null) return null;
  const { sessionId: owner, details } = stored as { sessionId?: unknown; details?: unknown };
  if (owner !== sessionId || typeof details !== 'object' || details === null) return null;
  const { glassCount, painPoint, jobDescription, measurements } = details as Record<
    string,
    unknown
  >;
  if (!isCount(glassCount) || typeof painPoint !== 'string' || !Array.isArray(measurements)) {
    return null;
  }
  const panes = measurements.filter(
    (m): m is SavedDetails['measurements'][number] =>
      typeof m === 'object' &&
      m !== null &&
      isCount((m as { length?: unknown }).length) &&
      isCount((m as { width?: unknown }).width) &&
      isCount((m as { sqm?: unknown }).sqm),
  );
  // none is fine: a consultation's measurements are optional (issue 15 item 1)
  if (panes.length !== measurements.length) return null;
  return {
    glassCount,
    painPoint,
    measurements: panes.map(({ length, width, sqm }) => ({ length, width, sqm })),
    ...(typeof jobDescription === 'string' && { jobDescription }),
  };
}
