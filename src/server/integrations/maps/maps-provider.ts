import type { AddressPrediction, PlaceDetails } from '#shared/address/address.contract.ts';

export interface MapsRequestOptions {
  /** Groups the keystrokes and the final details call of one search (Google bills per session). */
  sessionToken?: string | undefined;
}

/** Where address suggestions come from: the offline gazetteer or Google Places. */
export interface MapsProvider {
  suggest(query: string, opts: MapsRequestOptions): Promise<AddressPrediction[]>;
  /** Null when the id names no place; throws MapsProviderError when the provider cannot answer. */
  place(placeId: string, opts: MapsRequestOptions): Promise<PlaceDetails | null>;
}

/** The provider could not answer (refused, down, too slow, data missing): the API says 503. */
export class MapsProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MapsProviderError';
  }
}
