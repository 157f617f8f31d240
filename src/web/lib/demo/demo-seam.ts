// The demo build's side of lib/demo-seam.ts (ADR 026): every api call answered in the browser.
// The demo api is fetched with the first call, not with the first screen: the entry chunk
// (which holds everything it imports statically, ADR 034) stays the size of the normal build's.
export const demoRequest = (path: string, method: string, body: unknown): Promise<unknown> =>
  import('./demo-api').then((api) => api.demoRequest(path, method, body));
