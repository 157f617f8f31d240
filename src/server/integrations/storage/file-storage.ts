import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: local disk or S3-compatible storage. Keys are server-made relative
 * names (`<uuid>.jpg`, `thumbnails/<uuid>.webp`); the customer's file name never becomes a key.
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /**
   * Streams the body to the key and resolves once it is stored whole; a failed write leaves
   * nothing behind. Returns the object's s3:// address in S3, null on local disk.
   */
  put(key: string, body: Readable, contentType: string): Promise<{ url: string | null }>;
  /** The stored bytes as a stream, or null when there is no such key. */
  get(key: string): Promise<Readable | null>;
  /** Removes the key; a missing key is not an error. */
  remove(key: string): Promise<void>;
}

/** Rejects anything but the server's own key shape, so no key can climb out of its folder. */
export function assertSafeKey(key: string) {
  if (!/^(?:[a-z]+\/)?[A-Za-z0-9][A-Za-z0-9._-]*$/.test(key) || key.includes('..')) {
    throw new Error(`unsafe storage key: ${key}`);
  }
}
