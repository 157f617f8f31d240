/** One Australian locality (suburb or town) with its postcode and a locality-level position. */
export interface Locality {
  /** Display name, e.g. "Fitzroy North". */
  name: string;
  /** Short state code: VIC, NSW, QLD, SA, WA, TAS, NT or ACT. */
  state: string;
  postcode: string;
  lat: number;
  lng: number;
}

export const stateCodes = ['VIC', 'NSW', 'QLD', 'SA', 'WA', 'TAS', 'NT', 'ACT'] as const;
