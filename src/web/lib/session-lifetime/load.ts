// The session timer's entry: a dynamic import, so its code stays off the first screen's bytes.
// Called by the full contact form (after the first interaction) and by every later step.
export function loadSessionLifetime(): void {
  void import('./start.tsx')
    .then((module) => module.startSessionNotices())
    .catch((error: unknown) => console.warn('The session timer did not load', error));
}
