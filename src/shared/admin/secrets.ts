// Secrets are write-only (docs/decisions/008-admin-api.md): the API answers a mask, never the value.
export const secretMaskPrefix = '••••';

/** "AC…1234" → "••••1234"; short secrets show no characters at all. */
export function maskSecret(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'string' && value.length >= 16)
    return `${secretMaskPrefix}${value.slice(-4)}`;
  return `${secretMaskPrefix}••••`;
}

/** A save that sends nothing or the mask it was shown keeps the stored secret. */
export function keepsSecret(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (typeof value === 'string' && value.startsWith(secretMaskPrefix))
  );
}

// settings whose names say they are secret are treated as such even when no one flagged them
const secretName = /(secret|password|token|api_key|apikey|private_key)$/;

export function looksSecret(key: string): boolean {
  return secretName.test(key);
}
