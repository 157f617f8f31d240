import { useQuery } from '@tanstack/react-query';
import { settingsQuery } from '#web/lib/queries.ts';

/**
 * Spec §2's partner strip: each partner's logo in the version for the current theme (both are in
 * the page; the theme class on <html> shows one, and a lazy image out of sight is not fetched), in
 * the admin's order. None configured: nothing.
 */
export default function PartnerStrip() {
  const { data: settings } = useQuery(settingsQuery);
  const partners = settings?.branding.partners ?? [];
  if (partners.length === 0) return null;
  return (
    <footer className="border-t border-line bg-surface">
      <ul
        aria-label="Our partners"
        className="mx-auto flex max-w-5xl flex-wrap items-center justify-center gap-x-8 gap-y-4 px-4 py-6"
      >
        {partners.map((partner, index) => (
          <li key={`${partner.lightUrl}-${index}`}>
            <img
              src={partner.lightUrl}
              alt={partner.alt}
              loading="lazy"
              className="h-10 w-auto dark:hidden"
            />
            <img
              src={partner.darkUrl}
              alt={partner.alt}
              loading="lazy"
              className="hidden h-10 w-auto dark:block"
            />
          </li>
        ))}
      </ul>
    </footer>
  );
}
