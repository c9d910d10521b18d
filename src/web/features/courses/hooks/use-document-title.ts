import { useEffect } from 'react';

/** Names the browser tab after the page ('Mes Cours – EcoForma'), so each page is identifiable (WCAG 2.4.2). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} – EcoForma`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
