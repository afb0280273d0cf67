import { useLingui } from '@lingui/react/macro';
import type { SoldOutActionProps } from '@/features/catalog/components/sold-out-action';
import { NotifyMeButton } from '@/features/restock/components/NotifyMeButton';
import { useRequireLogin } from '../hooks';

/**
 * The product page's sold-out action: the restock feature's 'Notify me when it's back', a
 * signed-out shopper sent to sign in and back to the product with the size chosen (as the cart
 * and the wishlist do).
 */
export function NotifyMe({ product, variant }: SoldOutActionProps) {
  const { t } = useLingui();
  const requireLogin = useRequireLogin();
  return (
    <NotifyMeButton
      product={product}
      variant={variant}
      onSignedOut={(returnTo) => requireLogin(t`Please log in to be told when it's back`, returnTo)}
    />
  );
}
