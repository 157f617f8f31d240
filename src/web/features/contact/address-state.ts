import {
  addressProblem,
  type AddressSelection,
  type RestoredAddress,
} from '#shared/address/address-rules.ts';
import type { PlaceDetails } from '#shared/address/address.contract.ts';
import type { StructuredAddress } from '#shared/contact/contact.contract.ts';
import type { ChosenAddress, ContactDraft } from './contact-storage';

function selectionOf(chosen: ChosenAddress | null): AddressSelection | null {
  if (!chosen) return null;
  const { placeId = '', state = null } = chosen.structured;
  return { text: chosen.text, placeId, state };
}

/** The address message for this text, or null when it may be submitted. */
export function addressRule(
  text: string,
  chosen: ChosenAddress | null,
  restored: RestoredAddress | null,
): string | null {
  return addressProblem(text, selectionOf(chosen), restored);
}

export interface AddressStart {
  chosen: ChosenAddress | null;
  restored: RestoredAddress | null;
  /** A restored address that passes the rules: the typing hint then waits for 15 characters. */
  restoredValid: boolean;
}

/**
 * Spec §4 Address state: a restored address with a place id counts as valid; a legacy one (no
 * place id) if its text names VIC or Victoria. A restored pick keeps its state, so an address
 * outside Victoria stays refused after a reload.
 */
export function restoreAddress(draft: ContactDraft | null): AddressStart {
  const text = draft?.values.address.trim() ?? '';
  if (!draft || text === '') return { chosen: null, restored: null, restoredValid: false };
  const picked = draft.chosen && draft.chosen.text.trim() === text ? draft.chosen : null;
  const restored: RestoredAddress = { text, placeId: picked?.structured.placeId };
  return { chosen: picked, restored, restoredValid: addressRule(text, picked, restored) === null };
}

export function chosenFromPlace(place: PlaceDetails, fallbackText: string): ChosenAddress {
  const text = place.formattedAddress || fallbackText;
  const structured: StructuredAddress = {
    placeId: place.placeId,
    formattedAddress: text,
    suburb: place.suburb,
    postcode: place.postcode,
    state: place.state,
    coordinates: place.location,
  };
  return { text, structured };
}

/** The structured address to send: only while the text is still the picked one. */
export function structuredFor(text: string, chosen: ChosenAddress | null) {
  return chosen && chosen.text.trim() === text.trim() ? chosen.structured : undefined;
}
