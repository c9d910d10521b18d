import { useEffect } from 'react';

const SITE_NAME = 'EcoForma';
const DEFAULT_TITLE = 'EcoForma – Formations au développement durable';

/** Names the browser tab after the page ('À propos – EcoForma'), so each page is identifiable (WCAG 2.4.2). */
export function usePageTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} – ${SITE_NAME}` : DEFAULT_TITLE;
    // A page that sets no title of its own must not keep the previous page's name.
    return () => {
      document.title = DEFAULT_TITLE;
    };
  }, [title]);
}
