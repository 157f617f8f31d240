const oneDecimal = new Intl.NumberFormat('en-AU', { maximumFractionDigits: 1 });

/** 2048 → "2 KB", 1_572_864 → "1.5 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${oneDecimal.format(bytes / 1024)} KB`;
  return `${oneDecimal.format(bytes / (1024 * 1024))} MB`;
}
