import { useEffect } from 'react';
import { skipToken, useQuery } from '@tanstack/react-query';
import { settingsKeys } from '@/lib/query-keys';
import type { Settings } from '@/lib/types';

export const DEFAULT_SHOP_NAME = 'Dukaan Fashion';

/** The shop's name from the cached settings (the layout asks for them), or the default. */
function useShopName(): string {
  const { data } = useQuery<Settings>({ queryKey: settingsKeys.detail(), queryFn: skipToken });
  return data?.shopName || DEFAULT_SHOP_NAME;
}

/**
 * Sets the document title to '<page> | <shop name>' (announced by screen readers, shown in
 * history); the served <title> is never a base. Leaving the page puts back the shop's name.
 */
export function usePageTitle(title: string | null | undefined) {
  const shop = useShopName();
  useEffect(() => {
    if (!title) return;
    document.title = `${title} | ${shop}`;
    return () => {
      document.title = shop;
    };
  }, [title, shop]);
}
