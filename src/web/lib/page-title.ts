import { useEffect } from 'react';

// The business's name as the header shows it (blank until an admin confirms the business
// details). Kept here by the header as it renders, before any page's effect runs, so no screen's
// chunk needs the settings query (and the first screen's bundle stays as it is).
let businessName = '';

export function noteBusinessName(name: string): void {
  businessName = name;
}

/**
 * The tab's title: the screen, then the business's name ("Book Your Window Tinting Consultation
 * — Clear View Tinting"); the screen alone while the name is blank, so no placeholder name
 * reaches a customer's tab.
 */
export function pageTitle(screen: string, name = businessName): string {
  return name ? `${screen} — ${name}` : screen;
}

/** Sets the tab's title for this screen. */
export function useDocumentTitle(screen: string): void {
  useEffect(() => {
    document.title = pageTitle(screen);
  }, [screen]);
}
