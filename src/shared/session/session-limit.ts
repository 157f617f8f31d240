// Spec §9: a session ends after 60 minutes without activity. A module of its own, so the first
// screen (web/lib/session-lapse.ts) takes this number without the texts and rules beside it.
export const sessionLimitMs = 60 * 60_000;
