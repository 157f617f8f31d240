import type { DetailsFormValues } from '#shared/estimate/details.contract.ts';

// The form keeps what the person typed (text), so a draft restores exactly that; the numbers
// the contract wants are made from it only when the form is checked or sent.

export interface MeasurementRow {
  length: string;
  width: string;
  /** m²: the calculated figure, or the person's own when `sqmEdited`. */
  sqm: string;
  sqmEdited: boolean;
}

export interface DetailsValues {
  glassCount: string;
  painPoint: string;
  jobDescription: string;
  measurements: MeasurementRow[];
}

export type DetailsPayload = DetailsFormValues;

export const jobDescriptionLimit = 5000;

export const emptyRow = (): MeasurementRow => ({
  length: '',
  width: '',
  sqm: '',
  sqmEdited: false,
});

export const blankDetails = (): DetailsValues => ({
  glassCount: '',
  painPoint: '',
  jobDescription: '',
  measurements: [emptyRow()],
});

const plainNumber = /^-?(\d+\.?\d*|\.\d+)$/;

/** "1000", " 1,000 ", "1 000" → 1000; anything else (empty, "1e3", "abc") → NaN. */
export function parseNumber(text: string): number {
  const cleaned = text.replace(/[\s,]/g, '');
  return plainNumber.test(cleaned) ? Number(cleaned) : NaN;
}

/** length × width in m² (3 decimals, as the price engine rounds), or null until both are usable. */
export function calculatedSqm(row: Pick<MeasurementRow, 'length' | 'width'>): number | null {
  const lengthMm = parseNumber(row.length);
  const widthMm = parseNumber(row.width);
  if (!(lengthMm > 0 && widthMm > 0)) return null;
  // as paneSqm() of shared/pricing rounds it (not imported: that would split off a shared chunk
  // whose name the first screen's preload map would have to carry)
  return Math.round(((lengthMm * widthMm) / 1_000_000) * 1000) / 1000;
}

/** The area the row stands for: the person's own figure, else the calculated one. */
export function rowSqm(row: MeasurementRow): number {
  if (row.sqmEdited && row.sqm.trim() !== '') return parseNumber(row.sqm);
  // an incomplete row shows its length or width message; the area adds no second one
  return calculatedSqm(row) ?? 0;
}

/** What the contract checks: a pane count left empty is missing (undefined), not a bad number. */
export type DetailsInput = Omit<DetailsPayload, 'glassCount'> & { glassCount: number | undefined };

const isBlankRow = (row: MeasurementRow) =>
  [row.length, row.width, row.sqm].every((text) => text.trim() === '');

/**
 * The rows sent, by their place in the form. A pane left blank is a pane not measured: it is not
 * sent. When every pane is blank they stay, so that an estimate (which needs one) says which
 * figures are missing; with `measurementsOptional` (a consultation, issue 15 item 1) none is sent.
 */
export function measuredRowIndexes(
  rows: MeasurementRow[],
  measurementsOptional: boolean,
): number[] {
  const measured = rows.flatMap((row, index) => (isBlankRow(row) ? [] : [index]));
  return measured.length > 0 || measurementsOptional ? measured : rows.map((_, index) => index);
}

export function toPayload(values: DetailsValues, measurementsOptional = false): DetailsInput {
  const description = values.jobDescription;
  return {
    glassCount: values.glassCount.trim() === '' ? undefined : parseNumber(values.glassCount),
    painPoint: values.painPoint ?? '',
    ...(description.trim() !== '' && { jobDescription: description }),
    measurements: measuredRowIndexes(values.measurements, measurementsOptional)
      .map((index) => values.measurements[index] as MeasurementRow)
      .map((row) => ({
        length: parseNumber(row.length),
        width: parseNumber(row.width),
        sqm: rowSqm(row),
      })),
  };
}

/** Spec §2 (as on Contact): nothing worth saving when every value is empty. */
export function isBlankDetails(values: DetailsValues): boolean {
  return (
    [values.glassCount, values.painPoint ?? '', values.jobDescription].every(
      (text) => text.trim() === '',
    ) &&
    values.measurements.every((row) =>
      [row.length, row.width, row.sqm].every((t) => t.trim() === ''),
    )
  );
}

const areaFormat = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 3 });

/** 1.5 → "1.5"; for the area field and the running total. */
export function formatSqm(sqm: number): string {
  return areaFormat.format(sqm);
}
