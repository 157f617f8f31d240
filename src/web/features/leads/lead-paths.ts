import { paths } from '#web/paths.ts';

/** /leads/<id>: one lead. */
export const leadHref = (id: string) => `${paths.leads}/${encodeURIComponent(id)}`;

/** The lead id of a /leads/<id> path, or null for the list itself. */
export function leadIdOf(pathname: string): string | null {
  const prefix = `${paths.leads}/`;
  if (!pathname.startsWith(prefix)) return null;
  const id = decodeURIComponent(pathname.slice(prefix.length).replace(/\/+$/, ''));
  return id && !id.includes('/') ? id : null;
}

/** The lead of an old `/leads?lead=<id>` link (the staff e-mails before issue 26), or null. */
export function legacyLeadIdOf(search: string): string | null {
  const id = new URLSearchParams(search).get('lead')?.trim();
  return id && !id.includes('/') ? id : null;
}
