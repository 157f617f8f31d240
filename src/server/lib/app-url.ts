/**
 * The app's address for links that leave it (a QR code, a calendar feed): PUBLIC_URL when set,
 * else the address the admin's browser used. No trailing slash.
 */
export function appUrlOf(
  publicUrl: string | undefined,
  request: { protocol: string; host: string },
): string {
  return (publicUrl ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}
