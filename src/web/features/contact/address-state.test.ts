import { describe, expect, it } from 'vitest';
import { addressMessages } from '#shared/address/address.contract.ts';
import { addressRule, restoreAddress, structuredFor } from './address-state';
import type { ChosenAddress, ContactDraft } from './contact-storage';

const fitzroy: ChosenAddress = {
  text: '12 Smith Street, Fitzroy VIC 3065',
  structured: { placeId: 'gz:fitzroy', state: 'VIC', postcode: '3065', suburb: 'Fitzroy' },
};
const victoriaPointQld: ChosenAddress = {
  text: '12 Main Road, Victoria Point QLD 4165',
  structured: { placeId: 'gz:vp', state: 'QLD' },
};

function draft(address: string, chosen: ChosenAddress | null): ContactDraft {
  const values = { firstName: '', lastName: '', email: '', phone: '', bookingOption: '', address };
  return { values, chosen };
}

describe('addressRule', () => {
  it('accepts a picked Victorian address and refuses one elsewhere', () => {
    expect(addressRule(fitzroy.text, fitzroy, null)).toBeNull();
    expect(addressRule(victoriaPointQld.text, victoriaPointQld, null)).toBe(
      addressMessages.victoriaOnly,
    );
  });

  it('stops accepting once the text is edited after the pick', () => {
    expect(addressRule(`${fitzroy.text}x`, fitzroy, null)).toBe(
      addressMessages.selectFromSuggestions,
    );
  });
});

describe('restoreAddress', () => {
  it('keeps a restored pick valid, with its place id', () => {
    const start = restoreAddress(draft(fitzroy.text, fitzroy));
    expect(start).toMatchObject({ chosen: fitzroy, restoredValid: true });
    expect(start.restored).toEqual({ text: fitzroy.text, placeId: 'gz:fitzroy' });
  });

  it('keeps refusing a restored pick outside Victoria', () => {
    const start = restoreAddress(draft(victoriaPointQld.text, victoriaPointQld));
    expect(start.restoredValid).toBe(false);
    expect(addressRule(victoriaPointQld.text, start.chosen, start.restored)).toBe(
      addressMessages.victoriaOnly,
    );
  });

  it('trusts a legacy address (no place id) only when it names VIC or Victoria', () => {
    expect(restoreAddress(draft('7 Old Mill Lane, Ballarat VIC 3350', null)).restoredValid).toBe(
      true,
    );
    expect(restoreAddress(draft('7 Old Mill Lane, Ballarat Victoria', null)).restoredValid).toBe(
      true,
    );
    expect(restoreAddress(draft('7 Old Mill Lane, Ballarat', null)).restoredValid).toBe(false);
  });

  it('ignores a pick whose text no longer matches the address', () => {
    const start = restoreAddress(draft('13 Smith Street, Fitzroy', fitzroy));
    expect(start.chosen).toBeNull();
    expect(start.restoredValid).toBe(false);
  });

  it('restores nothing from an empty address', () => {
    expect(restoreAddress(draft('  ', null))).toEqual({
      chosen: null,
      restored: null,
      restoredValid: false,
    });
  });
});

describe('structuredFor', () => {
  it('sends the structured address only while the text is the picked one', () => {
    expect(structuredFor(` ${fitzroy.text} `, fitzroy)).toBe(fitzroy.structured);
    expect(structuredFor('12 Smith Street', fitzroy)).toBeUndefined();
    expect(structuredFor(fitzroy.text, null)).toBeUndefined();
  });
});
