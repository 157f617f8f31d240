// Issue 30: the little the first screen needs to know about being in a frame on another site;
// the rest (frame-bridge.ts with embed-host.ts) loads after it, and only in a frame.

/** This page is inside a frame (on the business's own site when /embed.js put it there). */
export const framed = typeof window !== 'undefined' && !!window.parent && window.parent !== window;

let stepListener: (() => void) | undefined;

/** The layout moved to another step: the frame bridge tells the host page, once it has loaded. */
export function announceStep(): void {
  stepListener?.();
}

export function listenForSteps(listener: () => void): void {
  stepListener = listener;
}
