import { describe, expect, it } from 'vitest';
import type { Locality } from './locality';
import { buildGazetteerIndex, findLocalities } from './gazetteer-index';
import { searchGazetteer } from './gazetteer-search';

// A handful of real localities, so the parsing and ranking are read without the 25 MB data file.
const localities: Locality[] = [
  { name: 'Fitzroy', state: 'VIC', postcode: '3065', lat: -37.8026, lng: 144.9778 },
  { name: 'Fitzroy', state: 'SA', postcode: '5082', lat: -34.886, lng: 138.587 },
  { name: 'Fitzroy North', state: 'VIC', postcode: '3068', lat: -37.7833, lng: 144.9844 },
  { name: 'Fitzroy Falls', state: 'NSW', postcode: '2577', lat: -34.648, lng: 150.483 },
  { name: 'Windsor', state: 'VIC', postcode: '3181', lat: -37.856, lng: 144.992 },
  { name: 'Prahran', state: 'VIC', postcode: '3181', lat: -37.851, lng: 144.993 },
  { name: 'Prahran East', state: 'VIC', postcode: '3181', lat: -37.849, lng: 145.0 },
  { name: 'St Kilda', state: 'VIC', postcode: '3182', lat: -37.8653, lng: 144.9795 },
  { name: 'Victoria Point', state: 'QLD', postcode: '4165', lat: -27.624, lng: 153.264 },
  { name: 'Victoria Point', state: 'VIC', postcode: '3294', lat: -37.574, lng: 142.313 },
  { name: 'Mount Victoria', state: 'NSW', postcode: '2786', lat: -33.589, lng: 150.257 },
  { name: "O'Connor", state: 'ACT', postcode: '2602', lat: -35.26, lng: 149.12 },
  { name: 'O’Connor', state: 'ACT', postcode: '2602', lat: -35.26, lng: 149.12 },
];
const index = buildGazetteerIndex(localities);

function descriptions(query: string): string[] {
  return searchGazetteer(index, query).map(({ street, locality: l }) =>
    [street?.text, `${l.name} ${l.state} ${l.postcode}`].filter(Boolean).join(', '),
  );
}

describe('findLocalities', () => {
  it('ranks exact names, then prefixes, then later words; Victoria and Melbourne first', () => {
    expect(findLocalities(index, 'fitzroy').map((l) => l.key)).toEqual([
      'vic-3065-fitzroy',
      'sa-5082-fitzroy',
      'vic-3068-fitzroy-north',
      'nsw-2577-fitzroy-falls',
    ]);
    expect(findLocalities(index, 'kilda', { wordStarts: true })[0]?.name).toBe('St Kilda');
    expect(findLocalities(index, 'kilda')).toEqual([]);
  });

  it('treats curly and straight apostrophes as one name', () => {
    expect(findLocalities(index, 'oconnor').map((l) => l.name)).toEqual(["O'Connor"]);
    expect(index.size).toBe(localities.length - 1);
  });
});

describe('searchGazetteer', () => {
  it('completes "number street, suburb", whole or partly typed, in any case', () => {
    expect(descriptions('12 Smith Street, Fitzroy')[0]).toBe('12 Smith Street, Fitzroy VIC 3065');
    expect(descriptions('12 smith street, fitzr')[0]).toBe('12 Smith Street, Fitzroy VIC 3065');
    expect(descriptions('12 SMITH ST,FITZROY N')).toEqual([
      '12 Smith Street, Fitzroy North VIC 3068',
    ]);
  });

  it('finds the suburb without a comma after a street type', () => {
    expect(descriptions('12 Smith St Fitzroy')[0]).toBe('12 Smith Street, Fitzroy VIC 3065');
    expect(descriptions('1 St Kilda Rd St Kilda')).toEqual(['1 St Kilda Road, St Kilda VIC 3182']);
    expect(descriptions('12 Smith Fitzroy')).toEqual([]);
  });

  // issue 26 item 8: a postcode alone offers its suburbs
  it('offers the suburbs of a postcode typed alone, nearest first', () => {
    expect(descriptions('3181')).toEqual([
      'Prahran VIC 3181',
      'Prahran East VIC 3181',
      'Windsor VIC 3181',
    ]);
    expect(descriptions('3181 VIC')).toHaveLength(3);
    expect(descriptions('9999')).toEqual([]);
  });

  it('offers a bare suburb', () => {
    expect(descriptions('Fitzroy')[0]).toBe('Fitzroy VIC 3065');
    expect(descriptions('Victoria Point')).toEqual([
      'Victoria Point VIC 3294',
      'Victoria Point QLD 4165',
    ]);
  });

  it('reads a trailing state, postcode or "Australia" as a filter', () => {
    expect(descriptions('12 Smith Street, Fitzroy VIC 3065')).toEqual([
      '12 Smith Street, Fitzroy VIC 3065',
    ]);
    expect(descriptions('Fitzroy, SA, Australia')).toEqual(['Fitzroy SA 5082']);
    expect(descriptions('Fitzroy Victoria')).toEqual([
      'Fitzroy VIC 3065',
      'Fitzroy North VIC 3068',
    ]);
    expect(descriptions('Mount Victoria')).toEqual(['Mount Victoria NSW 2786']);
  });

  it('offers nothing for a street that cannot be one, or an unknown suburb', () => {
    expect(descriptions('12 <b>Smith</b> St, Fitzroy')).toEqual([]);
    expect(descriptions('12 Smith Street, Atlantis')).toEqual([]);
    expect(descriptions(', , ,')).toEqual([]);
  });
});
