// Resolves on the person's first interaction with the page (or when release() is called).
// Code that first paint does not need, like the contact form's validation, waits for this.
const events = ['pointerdown', 'keydown', 'focusin', 'touchstart', 'input'] as const;

let release: () => void = () => {};
const interacted = new Promise<void>((resolve) => {
  release = () => {
    for (const type of events) window.removeEventListener(type, release, true);
    resolve();
  };
});
for (const type of events) window.addEventListener(type, release, { capture: true, passive: true });

export function firstInteraction(): Promise<void> {
  return interacted;
}

/** Stop waiting: used by the timed preloads. */
export function releaseFirstInteraction(): void {
  release();
}
