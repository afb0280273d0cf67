import { useEffect } from 'react';

const BASE_TITLE = typeof document !== 'undefined' ? document.title : '';

/** Sets the document title for the page (announced by screen readers, shown in history). */
export function usePageTitle(title: string | null | undefined) {
  useEffect(() => {
    if (!title) return;
    const previous = document.title;
    document.title = BASE_TITLE ? `${title} · ${BASE_TITLE.split(' – ')[0]}` : title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
