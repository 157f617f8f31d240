import type { ReactNode } from 'react';
import { PageHeading } from '#web/components/ui/page-heading.tsx';

export interface AdminNavItem {
  id: string;
  label: string;
}

/** An admin screen: a wider page, its heading, and links to its sections. */
export function AdminPage({
  title,
  intro,
  sections,
  children,
}: {
  title: string;
  intro?: ReactNode;
  sections: AdminNavItem[];
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:py-10">
      <PageHeading title={title}>{title}</PageHeading>
      {intro && <p className="mt-2 text-muted">{intro}</p>}
      <nav aria-label={`${title} sections`} className="mt-4">
        <ul className="flex flex-wrap gap-x-4 gap-y-2">
          {sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="link">
                {section.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 space-y-8">{children}</div>
    </div>
  );
}
