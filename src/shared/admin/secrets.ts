// Secrets are write-only (docs/decisions/008-admin-api.md): the API answers a mask, never the value.
export const secretMaskPrefix = '••••';

/** What the API shows of any saved secret: no characters of it, not even the last few. */
export const secretMask = `${secretMaskPrefix}••••`;

/** '' when no secret is saved, else the same mask whatever the secret. */
export function maskSecret(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  return secretMask;
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
