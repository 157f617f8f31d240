import { describe, expect, it } from 'vitest';
import { decodePlaceId, encodePlaceId, maxPlaceIdLength } from './gazetteer-place-id';
import { parseStreetLine } from './street-line';

describe('gazetteer place ids', () => {
  it('carry the street and the locality, and read back', () => {
    const street = parseStreetLine('12 Smith Street')!;
    const id = encodePlaceId(street, 'vic-3065-fitzroy');
    expect(id).toBe('gz:MTIgU21pdGggU3RyZWV0:vic-3065-fitzroy');
    expect(decodePlaceId(id)).toEqual({ street, localityKey: 'vic-3065-fitzroy' });
  });

  it('name a bare suburb with an empty street', () => {
    expect(encodePlaceId(null, 'vic-3065-fitzroy')).toBe('gz::vic-3065-fitzroy');
    expect(decodePlaceId('gz::vic-3065-fitzroy')).toEqual({
      street: null,
      localityKey: 'vic-3065-fitzroy',
    });
  });

  it('round-trips any street the parser accepts, accents included', () => {
    const street = parseStreetLine('Unit 3, 12A Rue Émile Place')!;
    expect(decodePlaceId(encodePlaceId(street, 'nsw-2000-sydney'))?.street).toEqual(street);
  });

  it('refuses anything it did not make', () => {
    const untidy = Buffer.from('12 smith st').toString('base64url');
    const markup = Buffer.from('12 <b>Smith</b> St').toString('base64url');
    for (const id of [
      '',
      'gz:',
      'gz::',
      'ChIJgUbEo8cfqokR5lP9_Wh_DaM',
      'gz:MTIgU21pdGggU3RyZWV0',
      'gz:MTIgU21pdGggU3RyZWV0:VIC-3065-FITZROY',
      'gz:MTIgU21pdGggU3RyZWV0=:vic-3065-fitzroy',
      'gz:MTIgU21pdGggU3RyZWV0X:vic-3065-fitzroy', // decodes loosely; not canonical
      'gz:%%%:vic-3065-fitzroy',
      `gz:${untidy}:vic-3065-fitzroy`,
      `gz:${markup}:vic-3065-fitzroy`,
      `gz:${'A'.repeat(maxPlaceIdLength)}:vic-3065-fitzroy`,
      'gz::vic-3065-fitzroy\n',
    ]) {
      expect(decodePlaceId(id), id).toBeNull();
    }
  });
});
