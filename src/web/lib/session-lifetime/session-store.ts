// What the notices show: one small store the React root subscribes to.

export type NoticeState =
  { kind: 'none' } | { kind: 'warning'; minutesLeft: number } | { kind: 'expired' };

let state: NoticeState = { kind: 'none' };
const listeners = new Set<() => void>();

export function noticeState(): NoticeState {
  return state;
}

export function setNotice(next: NoticeState): void {
  if (next.kind === state.kind && JSON.stringify(next) === JSON.stringify(state)) return;
  state = next;
  for (const listener of listeners) listener();
}

export function subscribeNotice(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
