import { useEffect, useState } from 'react';

/**
 * Sending the browser to a card payment's page (the provider's): `toCardPage` from `open(url)`
 * until the browser shows this page again as it was left (its back/forward cache: the payer came
 * back without paying), when the form is usable again.
 */
export function useCardPage() {
  const [toCardPage, setToCardPage] = useState(false);
  useEffect(() => {
    const shown = (e: PageTransitionEvent) => {
      if (e.persisted) setToCardPage(false);
    };
    window.addEventListener('pageshow', shown);
    return () => window.removeEventListener('pageshow', shown);
  }, []);
  return {
    toCardPage,
    open: (url: string) => {
      setToCardPage(true);
      window.location.assign(url);
    },
  };
}
