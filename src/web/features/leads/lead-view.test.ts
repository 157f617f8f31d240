import { describe, expect, it } from 'vitest';
import { leadIdOf } from './lead-paths';
import { formatWait, phoneText } from './lead-format';
import { listParams, readView, withValue, withValues, writeView } from './lead-view';

describe('the /leads view in the URL', () => {
  it('reads what it knows and drops the rest, so an old link still opens', () => {
    expect(
      readView('?stage=booked&status=nope&q=%200412%20345%20678%20&from=23-11-2026&x=1'),
    ).toEqual({
      stage: 'booked',
      q: '0412 345 678',
      sort: 'newest',
    });
  });

  it('writes one URL per view: a fixed order, the default sort left out', () => {
    const view = readView('?sort=newest&hasPhotos=true&q=smith&stage=won');
    expect(writeView(view)).toBe('?q=smith&stage=won&hasPhotos=true');
    expect(writeView(readView(writeView(view)))).toBe(writeView(view));
    expect(writeView(readView(''))).toBe('');
  });

  it("changes values; '' removes one", () => {
    const view = readView('?q=smith&stage=won');
    expect(writeView(withValue(view, 'stage', ''))).toBe('?q=smith');
    expect(writeView(withValues(view, { sort: 'waiting', source: 'google' }))).toBe(
      '?q=smith&stage=won&source=google&sort=waiting',
    );
    expect(withValue(view, 'sort', '').sort).toBe('newest');
  });

  it('asks the API for a page with the sort, the size and the cursor', () => {
    const params = listParams(readView('?stage=booked'), 'abc', 25);
    expect(Object.fromEntries(params)).toEqual({
      stage: 'booked',
      sort: 'newest',
      limit: '25',
      cursor: 'abc',
    });
  });
});

describe('lead paths and waits', () => {
  it('finds the lead id in /leads/:id only', () => {
    expect(leadIdOf('/leads')).toBeNull();
    expect(leadIdOf('/leads/')).toBeNull();
    expect(leadIdOf('/leads/0b0c8a55-1111-4c3e-9a55-2f3c4d5e6f70')).toBe(
      '0b0c8a55-1111-4c3e-9a55-2f3c4d5e6f70',
    );
    expect(leadIdOf('/leads/a/b')).toBeNull();
  });

  it('says how long a lead has waited', () => {
    expect(formatWait(20_000)).toBe('under a minute');
    expect(formatWait(12 * 60_000)).toBe('12 min');
    expect(formatWait(185 * 60_000)).toBe('3 h 5 min');
    expect(formatWait(52 * 3_600_000)).toBe('2 days 4 h');
  });
});

describe('phone numbers', () => {
  it('reads +61 numbers the Australian way', () => {
    expect(phoneText('+61412345678')).toBe('0412 345 678');
    expect(phoneText('+61391234567')).toBe('(03) 9123 4567');
    expect(phoneText('+6421555444')).toBe('+6421555444');
  });
});
