import { describe, expect, it } from 'vitest';
import { readGazetteerFile, titleCase, toLocality } from './gazetteer-data';

const row = {
  postcode: '3065',
  locality: 'FITZROY',
  state: 'VIC',
  long: 144.977795,
  lat: -37.802608,
  type: 'Delivery Area',
  status: 'Updated 6-Feb-2020',
};

describe('toLocality', () => {
  it('keeps the fields the gazetteer uses, with the name title-cased', () => {
    expect(toLocality(row)).toEqual({
      name: 'Fitzroy',
      state: 'VIC',
      postcode: '3065',
      lat: -37.802608,
      lng: 144.977795,
    });
  });

  it('drops removed, postal-only and incomplete rows', () => {
    for (const bad of [
      { ...row, status: 'Removed 3-Dec-2022' },
      { ...row, type: 'Post Office Boxes' },
      { ...row, type: 'LVR' },
      { ...row, state: 'XX' },
      { ...row, postcode: '306' },
      { ...row, lat: 0 },
      { ...row, long: '144.9' },
      { ...row, locality: ' ' },
      null,
      'FITZROY',
    ]) {
      expect(toLocality(bad)).toBeNull();
    }
  });
});

describe('titleCase', () => {
  it('writes names as people do', () => {
    expect(titleCase('FITZROY NORTH')).toBe('Fitzroy North');
    expect(titleCase('O’CONNOR')).toBe("O'Connor");
    expect(titleCase('MCKINNON')).toBe('McKinnon');
    expect(titleCase('BRIGHTON-LE-SANDS')).toBe('Brighton-Le-Sands');
  });
});

describe('the installed data package', () => {
  it('covers every state, with Victoria Point in both VIC and QLD', async () => {
    const all = await readGazetteerFile();
    expect(new Set(all.map((l) => l.state))).toEqual(
      new Set(['VIC', 'NSW', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT']),
    );
    const victoriaPoint = all.filter((l) => l.name === 'Victoria Point');
    expect(victoriaPoint.map((l) => `${l.state} ${l.postcode}`).sort()).toEqual([
      'QLD 4165',
      'VIC 3294',
    ]);
    expect(all.length).toBeGreaterThan(15_000);
  });
});
