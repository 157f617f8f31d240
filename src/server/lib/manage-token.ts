import { createHash, randomBytes } from 'node:crypto';

// The secret of a booking's manage link: 32 random bytes (base64url), given to the customer once.
// The database keeps only its sha256, so a leaked table or backup opens no booking.

export function newManageToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashManageToken(token) };
}

export function hashManageToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
