import { describe, expect, it } from 'vitest';
import {
  addressProblem,
  isVictorianState,
  looksVictorian,
  mentionsVictoria,
  shouldHintWhileTyping,
  stateNamedIn,
  submittedAddressProblem,
  suggestionsToOffer,
} from './address-rules';
import { addressMessages } from './address.contract';

const { selectFromSuggestions, victoriaOnly } = addressMessages;

describe('isVictorianState', () => {
  it('accepts VIC or Victoria in any case, nothing else', () => {
    for (const state of ['VIC', 'vic', ' Victoria ', 'VICTORIA'])
      expect(isVictorianState(state)).toBe(true);
    for (const state of ['QLD', 'NSW', '', null, undefined, 'Vict']) {
      expect(isVictorianState(state)).toBe(false);
    }
  });
});

describe('mentionsVictoria', () => {
  it('keeps suggestions naming vic, victoria or melbourne as a word', () => {
    expect(mentionsVictoria('12 Smith Street, Fitzroy VIC 3065')).toBe(true);
    expect(mentionsVictoria('Victoria Point QLD 4165')).toBe(true);
    expect(mentionsVictoria('North Melbourne')).toBe(true);
    expect(mentionsVictoria('Sydney NSW 2000')).toBe(false);
    expect(mentionsVictoria('12 Vickery Street, Sydney NSW')).toBe(false);
  });
});

describe('looksVictorian', () => {
  it('trusts a legacy address naming VIC or Victoria, not Melbourne alone', () => {
    expect(looksVictorian('12 Smith St, Fitzroy VIC 3065')).toBe(true);
    expect(looksVictorian('Melbourne')).toBe(false);
  });
});

describe('addressProblem', () => {
  const chosen = { text: '12 Smith Street, Fitzroy VIC 3065', placeId: 'gz:x', state: 'VIC' };

  it('accepts a chosen Victorian suggestion until the text changes', () => {
    expect(addressProblem(chosen.text, chosen, null)).toBeNull();
    expect(addressProblem(`${chosen.text}x`, chosen, null)).toBe(selectFromSuggestions);
  });

  it('refuses a chosen suggestion outside Victoria', () => {
    const qld = { text: 'Victoria Point QLD 4165', placeId: 'gz:y', state: 'QLD' };
    expect(addressProblem(qld.text, qld, null)).toBe(victoriaOnly);
  });

  it('accepts a restored address with a place id, or a legacy one naming VIC', () => {
    expect(
      addressProblem('1 Main Rd, Sale', null, { text: '1 Main Rd, Sale', placeId: 'p' }),
    ).toBeNull();
    expect(addressProblem('1 Main Rd, Sale VIC', null, { text: '1 Main Rd, Sale VIC' })).toBeNull();
    expect(addressProblem('1 Main Rd, Sale', null, { text: '1 Main Rd, Sale' })).toBe(
      selectFromSuggestions,
    );
    expect(addressProblem('', null, { text: '' })).toBe(selectFromSuggestions);
  });
});

describe('shouldHintWhileTyping', () => {
  it('hints past 10 characters, or past 15 after a valid restore', () => {
    expect(shouldHintWhileTyping('12345678901', false)).toBe(true);
    expect(shouldHintWhileTyping('1234567890', false)).toBe(false);
    expect(shouldHintWhileTyping('123456789012345', true)).toBe(false);
    expect(shouldHintWhileTyping('1234567890123456', true)).toBe(true);
  });
});

describe('submittedAddressProblem', () => {
  it('checks the state of a chosen place, else the text', () => {
    expect(submittedAddressProblem({ address: 'x', placeId: 'p', state: 'VIC' })).toBeNull();
    expect(submittedAddressProblem({ address: 'x', placeId: 'p', state: 'QLD' })).toBe(
      victoriaOnly,
    );
    expect(submittedAddressProblem({ address: 'x', placeId: 'p' })).toBe(victoriaOnly);
    expect(submittedAddressProblem({ address: 'Sale VIC', state: 'NSW' })).toBe(victoriaOnly);
    expect(submittedAddressProblem({ address: '1 Main Rd, Sale VIC 3850' })).toBeNull();
    expect(submittedAddressProblem({ address: '1 Main Rd, Sale' })).toBe(selectFromSuggestions);
  });

  it('believes the state the text names over a structured state that says otherwise', () => {
    const sydney = '10 George Street, Sydney NSW 2000';
    expect(submittedAddressProblem({ address: sydney, placeId: 'p', state: 'VIC' })).toBe(
      victoriaOnly,
    );
    const fitzroy = '12 Smith Street, Fitzroy VIC 3065';
    expect(submittedAddressProblem({ address: fitzroy, placeId: 'p', state: 'VIC' })).toBeNull();
  });
});

describe('stateNamedIn', () => {
  it('reads the last state code of an address, in capitals only', () => {
    expect(stateNamedIn('10 George Street, Sydney NSW 2000')).toBe('NSW');
    expect(stateNamedIn('10 George St, Sydney NSW, Australia')).toBe('NSW');
    expect(stateNamedIn('1 WA Lane, Fitzroy VIC 3065')).toBe('VIC');
    expect(stateNamedIn('1 Wa Lane, Sale')).toBeNull();
  });
});

describe('suggestionsToOffer', () => {
  const p = (description: string) => ({
    placeId: description,
    description,
    mainText: description,
    secondaryText: '',
    types: [],
  });
  it('offers the Victorian ones when there are some, marking any in another state', () => {
    const offered = suggestionsToOffer(
      [p('Fitzroy VIC 3065'), p('Fitzroy Falls NSW 2577'), p('Victoria Point QLD 4165')],
      5,
    );
    expect(offered).toEqual([
      p('Fitzroy VIC 3065'),
      { ...p('Victoria Point QLD 4165'), outOfState: 'QLD' },
    ]);
  });
  it('offers the interstate ones, marked, when nothing mentions Victoria', () => {
    const offered = suggestionsToOffer([p('Sydney NSW 2000'), p('Nowhere'), p('Perth WA 6000')], 1);
    expect(offered).toEqual([{ ...p('Sydney NSW 2000'), outOfState: 'NSW' }]);
  });
});
