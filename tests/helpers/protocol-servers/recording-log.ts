// Test helper: a DeliveryLog that keeps what it is told, so tests can check what the adapters
// log (and that no secret or personal detail is among it).
export interface RecordingLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  entries: { level: 'info' | 'warn'; details: object; message: string }[];
  /** Everything logged as one string, for "never contains" checks. */
  text(): string;
}

export function recordingLog(): RecordingLog {
  const entries: RecordingLog['entries'] = [];
  return {
    entries,
    info: (details, message) => void entries.push({ level: 'info', details, message }),
    warn: (details, message) => void entries.push({ level: 'warn', details, message }),
    text: () => JSON.stringify(entries),
  };
}
