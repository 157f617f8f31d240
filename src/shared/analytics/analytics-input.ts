// Spec §9 "Analytics input values": a field's value goes to analytics truncated to 10
// characters, and only when its length is a multiple of 5 (or zero), so typing is sampled, not
// streamed. Personal fields never send their text at all, only its length.

const personalFields = new Set(['firstName', 'lastName', 'email', 'phone', 'address']);

export type InputSample = { field: string; length: number; value?: string };

/** The sample of a field's value to send, or null when this length is not sent. */
export function sampleInput(field: string, value: string): InputSample | null {
  if (value.length % 5 !== 0) return null;
  if (personalFields.has(field)) return { field, length: value.length };
  return { field, length: value.length, value: value.slice(0, 10) };
}
