import { useEffect, useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircleIcon } from '@/components/ui/icons';
import { btn, BUSY } from '@/components/ui/styles';
import { ApiError, errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import type { Product, Variant } from '@/lib/types';
import { selectIsAuthenticated, useSession } from '@/stores/session';
import { useAskRestock } from '../api/restock-alerts';
import { productPagePath } from '../paths';

/**
 * 'Notify me when it's back' for a sold-out size (or a sold-out one-size product). Signed out,
 * `onSignedOut` is called with the way back (the product's page with the size chosen); signed
 * in, the request is sent, and once the server has it (new, or already waiting) the button gives
 * way to 'We'll tell you when it's back', which takes the focus. A refusal is toasted as the
 * server words it (409: the size is in stock after all; the product is fetched again, so the
 * page offers it).
 */
export function NotifyMeButton({
  product,
  variant,
  onSignedOut,
}: {
  product: Pick<Product, '_id' | 'name'>;
  /** The sold-out size; null for a one-size product. */
  variant: Pick<Variant, '_id'> | null;
  onSignedOut: (returnTo: string) => void;
}) {
  const { t } = useLingui();
  const signedIn = useSession(selectIsAuthenticated);
  const [asked, setAsked] = useState(false);
  const status = useRef<HTMLParagraphElement>(null);
  const name = product.name;
  const ask = useAskRestock({
    onSuccess: () => {
      setAsked(true);
      toast.success(t`We'll tell you when ${name} is back`);
    },
    onError: (err) => {
      const fieldError = err instanceof ApiError ? err.fieldErrors.variantId : undefined;
      toast.error(fieldError || errorMessage(err, t`Failed to save your request. Please try again.`));
    },
  });

  useEffect(() => {
    if (asked) status.current?.focus();
  }, [asked]);

  if (asked) {
    return (
      <p
        ref={status}
        role="status"
        tabIndex={-1}
        className="flex min-h-11 items-center justify-center gap-2 rounded-lg bg-emerald-50 px-4 py-2.5 font-semibold text-emerald-900 ring-1 ring-emerald-200"
      >
        <CheckCircleIcon size={18} />
        <Trans>We'll tell you when it's back</Trans>
      </p>
    );
  }

  const busy = ask.isPending;
  return (
    <button
      type="button"
      className={`${btn.primary} ${BUSY} w-full`}
      aria-disabled={busy || undefined}
      onClick={() => {
        if (busy) return;
        if (!signedIn) {
          onSignedOut(productPagePath(product._id, variant?._id ?? null));
          return;
        }
        ask.mutate({ productId: product._id, variantId: variant?._id ?? null });
      }}
    >
      <Trans>Notify me when it's back</Trans>
    </button>
  );
}
