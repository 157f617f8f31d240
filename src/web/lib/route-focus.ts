// Focus moves to the page heading after a route change, but not on the first load: a screen
// reader starts at the top of a fresh page anyway, and stealing focus there helps nobody.
let locationsSeen = 0;
let lastKey: string | undefined;

/** Called by the layout (in a layout effect, so before the pages' effects) on every location. */
export function noteLocation(key: string): void {
  if (key === lastKey) return;
  lastKey = key;
  locationsSeen += 1;
}

export function isAfterNavigation(): boolean {
  return locationsSeen > 1;
}
