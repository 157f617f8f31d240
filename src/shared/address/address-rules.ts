import { addressMessages, type AddressPrediction } from './address.contract';

// Victoria-only rules of spec §5 (Address rules, Address state), shared by the form and the server.

export function isVictorianState(state: string | null | undefined): boolean {
  const s = state?.trim().toLowerCase();
  return s === 'vic' || s === 'victoria';
}

/** Suggestions are offered only when their text mentions vic, victoria or melbourne. */
export function mentionsVictoria(text: string): boolean {
  return /\b(vic|victoria|melbourne)\b/i.test(text);
}

// the state codes of Australian addresses as providers write them ("Sydney NSW 2000")
const stateCodes = /\b(?:VIC|NSW|QLD|SA|WA|TAS|NT|ACT)\b/g;

/** The state an address text names (its last state code, e.g. "NSW"), or null when none. */
export function stateNamedIn(text: string): string | null {
  return text.match(stateCodes)?.at(-1) ?? null;
}

/**
 * The suggestions to offer, at most `max`: those that mention Victoria (spec §5); when none does,
 * the matches in other states, so '10 George Street Sydney' finds its address and choosing it
 * says why it cannot be used instead of 'No addresses found'. A suggestion in another state is
 * marked with it (outOfState).
 */
export function suggestionsToOffer(
  predictions: AddressPrediction[],
  max: number,
): AddressPrediction[] {
  const marked = predictions.map((prediction) => {
    const state = stateNamedIn(prediction.description);
    return state && state !== 'VIC' ? { ...prediction, outOfState: state } : prediction;
  });
  const victorian = marked.filter((prediction) => mentionsVictoria(prediction.description));
  return (victorian.length > 0 ? victorian : marked.filter((p) => p.outOfState)).slice(0, max);
}

/** A legacy restored address (no place id) is trusted when its text names VIC or Victoria. */
export function looksVictorian(text: string): boolean {
  return /\b(vic|victoria)\b/i.test(text);
}

/** The suggestion the customer picked, as it was when picked. */
export interface AddressSelection {
  text: string;
  placeId: string;
  state: string | null;
}

/** An address restored from a saved session. */
export interface RestoredAddress {
  text: string;
  placeId?: string | undefined;
}

/**
 * The address message to show, or null when the address is acceptable. Typing after a choice
 * clears it (the text no longer matches the selection).
 */
export function addressProblem(
  text: string,
  selection: AddressSelection | null,
  restored: RestoredAddress | null,
): string | null {
  const value = text.trim();
  if (selection && selection.text.trim() === value) {
    return isVictorianState(selection.state) ? null : addressMessages.victoriaOnly;
  }
  if (restored && restored.text.trim() === value && value !== '') {
    if (restored.placeId || looksVictorian(value)) return null;
  }
  return addressMessages.selectFromSuggestions;
}

/** While typing, the "select from suggestions" hint appears past 10 characters (15 after a restore). */
export function shouldHintWhileTyping(text: string, restoredValid: boolean): boolean {
  return text.trim().length > (restoredValid ? 15 : 10);
}

/** The server's view: it sees no typing, only what was submitted. */
export function submittedAddressProblem(input: {
  address: string;
  placeId?: string | null | undefined;
  state?: string | null | undefined;
}): string | null {
  // the text of a pick names its state too: a structured state that says otherwise is not believed
  const named = stateNamedIn(input.address);
  if (named && named !== 'VIC') return addressMessages.victoriaOnly;
  if (input.placeId) {
    return isVictorianState(input.state) ? null : addressMessages.victoriaOnly;
  }
  if (input.state && !isVictorianState(input.state)) return addressMessages.victoriaOnly;
  return looksVictorian(input.address) ? null : addressMessages.selectFromSuggestions;
}
