import { describe, expect, it } from 'vitest';
import { paneSqm } from '#shared/pricing/estimate.ts';
import {
  blankDetails,
  calculatedSqm,
  emptyRow,
  isBlankDetails,
  parseNumber,
  toPayload,
  type DetailsValues,
} from './details-values';

describe('parseNumber', () => {
  it('reads plain numbers, with spaces or thousands separators', () => {
    expect(parseNumber('1000')).toBe(1000);
    expect(parseNumber(' 1,200 ')).toBe(1200);
    expect(parseNumber('1 500')).toBe(1500);
    expect(parseNumber('0.75')).toBe(0.75);
    expect(parseNumber('-5')).toBe(-5);
  });

  it('refuses what only looks like a number to JavaScript', () => {
    for (const text of ['', ' ', 'abc', '1e3', '0x10', '12mm', 'Infinity']) {
      expect(parseNumber(text)).toBeNaN();
    }
  });
});

describe('calculatedSqm', () => {
  it('rounds as the price engine does', () => {
    for (const [length, width] of [
      [1000, 1000],
      [1234, 987],
      [333, 333],
    ] as const) {
      expect(calculatedSqm({ length: String(length), width: String(width) })).toBe(
        paneSqm({ lengthMm: length, widthMm: width }),
      );
    }
  });

  it('waits for both sides', () => {
    expect(calculatedSqm({ length: '1000', width: '' })).toBeNull();
    expect(calculatedSqm({ length: '-1', width: '500' })).toBeNull();
  });
});

describe('toPayload', () => {
  const values: DetailsValues = {
    glassCount: '3',
    painPoint: 'uv-privacy',
    jobDescription: '  ',
    measurements: [
      { length: '1200', width: '800', sqm: '0.96', sqmEdited: false },
      { length: '1000', width: '1000', sqm: '1.5', sqmEdited: true },
      { length: '', width: '', sqm: '', sqmEdited: false },
    ],
  };

  it('makes the numbers of the contract; an own area wins over length × width', () => {
    // the blank third pane is a pane not measured (issue 15 item 9): it is not sent
    expect(toPayload(values)).toEqual({
      glassCount: 3,
      painPoint: 'uv-privacy',
      measurements: [
        { length: 1200, width: 800, sqm: 0.96 },
        { length: 1000, width: 1000, sqm: 1.5 },
      ],
    });
  });

  it('leaves an empty pane count missing, and a typed non-number a bad number', () => {
    expect(toPayload({ ...values, glassCount: ' ' }).glassCount).toBeUndefined();
    expect(toPayload({ ...values, glassCount: 'abc' }).glassCount).toBeNaN();
    expect(toPayload({ ...values, glassCount: '2.5' }).glassCount).toBe(2.5);
  });

  it('keeps a description that says something, as typed', () => {
    expect(toPayload({ ...values, jobDescription: ' West side ' }).jobDescription).toBe(
      ' West side ',
    );
  });
});

describe('isBlankDetails', () => {
  it('is blank until something is typed or chosen', () => {
    expect(isBlankDetails(blankDetails())).toBe(true);
    expect(isBlankDetails({ ...blankDetails(), measurements: [] })).toBe(true);
    expect(isBlankDetails({ ...blankDetails(), painPoint: 'thermal' })).toBe(false);
    expect(
      isBlankDetails({ ...blankDetails(), measurements: [{ ...emptyRow(), width: '5' }] }),
    ).toBe(false);
  });
});
