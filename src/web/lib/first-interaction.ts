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

// A press in progress: swapping the element under it would lose its click, since a click needs
// the press and the release on the same element (a tap on Continue did nothing on a busy phone).
let pressed = false;
const unpressed: (() => void)[] = [];
addEventListener('pointerdown', () => (pressed = true), true);
const unpress = (event: Event) => {
  if (event.type === 'blur' && event.target !== window) return; // a field's blur, not the window's
  pressed = false;
  // after the click that this release dispatches in the same task
  setTimeout(() => unpressed.splice(0).forEach((done) => done()));
};
for (const type of ['pointerup', 'pointercancel', 'blur']) addEventListener(type, unpress, true);

export function firstInteraction(): Promise<void> {
  return interacted;
}

/** Resolves at once, or once the press in progress has been released and its click dispatched. */
export async function noPressInProgress(): Promise<void> {
  if (pressed) await new Promise<void>((done) => unpressed.push(done));
}

/** Stop waiting: used by the timed preloads. */
export function releaseFirstInteraction(): void {
  release();
}
