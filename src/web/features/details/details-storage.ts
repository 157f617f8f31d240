import { readJson, removeItem, writeJson } from '#web/lib/storage.ts';
import { storageKeys } from '#web/lib/storage-keys.ts';
import { blankDetails, type DetailsValues, type MeasurementRow } from './details-values';

// The Details form's draft, saved as typed. Checked by hand on the way in: storage holds
// whatever an older version of the app (or a person with devtools) left there.
const draftKey = storageKeys.detailsDraft;

const text = (value: unknown, max = 100) => (typeof value === 'string' ? value.slice(0, max) : '');

function rowFrom(value: unknown): MeasurementRow | null {
  if (typeof value !== 'object' || value === null) return null;
  const row = value as Record<string, unknown>;
  return {
    length: text(row.length),
    width: text(row.width),
    sqm: text(row.sqm),
    sqmEdited: row.sqmEdited === true,
  };
}

export function loadDetailsDraft(): DetailsValues | null {
  const stored = readJson(draftKey);
  if (typeof stored !== 'object' || stored === null) return null;
  const draft = stored as Record<string, unknown>;
  const rows = Array.isArray(draft.measurements)
    ? draft.measurements
        .slice(0, 50)
        .map(rowFrom)
        .filter((row) => row !== null)
    : blankDetails().measurements;
  return {
    glassCount: text(draft.glassCount),
    painPoint: text(draft.painPoint),
    jobDescription: text(draft.jobDescription, 10_000),
    measurements: rows,
  };
}

export function saveDetailsDraft(values: DetailsValues): void {
  writeJson(draftKey, values);
}

export function clearDetailsDraft(): void {
  removeItem(draftKey);
}
