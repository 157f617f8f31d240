import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { z } from 'zod';

// AES-256-GCM for secrets at rest (docs/decisions/012-secrets-at-rest.md). A sealed value says
// which key sealed it (kid), so a wrong or old key is noticed before anything is decrypted, and
// its version (v) lets a later format sit beside this one.

const keyBytes = 32;
const ivBytes = 12; // GCM's recommended nonce size; random, so a key must seal < 2^32 values
const tagBytes = 16;

export const sealedSecretSchema = z
  .object({
    v: z.literal(1),
    kid: z.string(),
    iv: z.string(),
    tag: z.string(),
    data: z.string(),
  })
  .strict();
export type SealedSecret = z.infer<typeof sealedSecretSchema>;

export function isSealed(value: unknown): value is SealedSecret {
  return sealedSecretSchema.safeParse(value).success;
}

export const encryptionKeyMessage =
  'must be 32 random bytes as 64 hex characters or base64 (npm run secrets -- new-key makes one)';

/** A key given as 64 hex characters or base64/base64url of 32 bytes; undefined when malformed. */
export function parseEncryptionKey(text: string): Buffer | undefined {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return undefined;
  const key = Buffer.from(value, 'base64');
  return key.length === keyBytes ? key : undefined;
}

export function newEncryptionKey(): string {
  return randomBytes(keyBytes).toString('base64');
}

/** A short public name of a key: an HMAC of a fixed label, so it reveals nothing of the key. */
export function keyIdOf(key: Buffer): string {
  return createHmac('sha256', key).update('tintbook settings key id').digest('hex').slice(0, 12);
}

/**
 * Encrypts a JSON value. `context` (the setting's name) is authenticated with it: a sealed value
 * copied onto another setting's row fails to open.
 */
export function seal(key: Buffer, value: unknown, context: string): SealedSecret {
  const iv = randomBytes(ivBytes);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: tagBytes });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return {
    v: 1,
    kid: keyIdOf(key),
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

/** The value sealed with this key and context; throws when either differs or it was altered. */
export function open(key: Buffer, sealed: SealedSecret, context: string): unknown {
  if (sealed.kid !== keyIdOf(key)) {
    throw new Error(`sealed with key ${sealed.kid}, not with key ${keyIdOf(key)}`);
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'), {
    authTagLength: tagBytes,
  });
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
  const text = Buffer.concat([
    decipher.update(Buffer.from(sealed.data, 'base64')),
    decipher.final(),
  ]).toString('utf8');
  return JSON.parse(text) as unknown;
}
