import { describe, expect, it } from 'vitest';
import { parseStreetLine } from './street-line';

describe('parseStreetLine', () => {
  it('tidies case and spells out the street type', () => {
    expect(parseStreetLine('12 smith st')).toEqual({
      text: '12 Smith Street',
      number: '12',
      route: 'Smith Street',
      routeShort: 'Smith St',
    });
    expect(parseStreetLine('  12   SMITH   STREET ')?.text).toBe('12 Smith Street');
    expect(parseStreetLine('5 Toorak Rd.')?.route).toBe('Toorak Road');
  });

  it('keeps a leading "St" as Saint: only the last word is a street type', () => {
    expect(parseStreetLine('1 st kilda rd')).toMatchObject({
      text: '1 St Kilda Road',
      route: 'St Kilda Road',
      routeShort: 'St Kilda Rd',
    });
  });

  it('accepts unit, letter and range numbers, and a street without one', () => {
    expect(parseStreetLine('3/12a Smith St')?.number).toBe('3/12A');
    expect(parseStreetLine('12-14 Smith St')?.number).toBe('12-14');
    expect(parseStreetLine('unit 3, 12 smith st')).toMatchObject({
      text: 'Unit 3, 12 Smith Street',
      number: '12',
    });
    expect(parseStreetLine('Smith Street')).toMatchObject({ number: null, route: 'Smith Street' });
    expect(parseStreetLine('12 McKinnon Rd')?.route).toBe('McKinnon Road');
  });

  it('refuses text that cannot be a street', () => {
    for (const text of ['', '12', '12 <b>Smith</b> St', 'x'.repeat(101), '12 Smith St; DROP']) {
      expect(parseStreetLine(text), text).toBeNull();
    }
  });

  it('gives the same line back when its own text is parsed again', () => {
    for (const text of ['12 smith st', 'unit 3, 12a smith st', '1 st kilda rd', "4 o'brien cres"]) {
      const once = parseStreetLine(text)!;
      expect(parseStreetLine(once.text)?.text).toBe(once.text);
    }
  });
});
