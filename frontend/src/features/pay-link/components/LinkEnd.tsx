import { Link } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { CheckCircleIcon } from '@/components/ui/icons';
import { btn } from '@/components/ui/styles';

/**
 * Where a payment link's page ends, in the server's words: paid ('Paid. Thank you!…'), or the
 * link no longer usable (not valid, expired, its order paid or canceled). `heading` when it is
 * the whole page (the link could not be opened): its message is then the page's one h1.
 */
export function LinkEnd({ message, paid = false, heading = false }: { message: string | null; paid?: boolean; heading?: boolean }) {
  const { t } = useLingui();
  const Text = heading ? 'h1' : 'p';
  return (
    <div
      data-testid="link-end"
      className={`rounded-2xl p-6 text-center ring-1 ${paid ? 'bg-emerald-50 text-emerald-950 ring-emerald-200' : 'bg-white text-stone-900 ring-stone-200'}`}
    >
      {paid && <CheckCircleIcon size={56} className="mx-auto mb-3 text-emerald-600" />}
      <Text className="text-xl font-bold text-balance sm:text-2xl">
        {message ?? t`This payment link cannot be used. Ask the shop for a new one.`}
      </Text>
    </div>
  );
}

/** The way from a payment link's page to the shop. */
export function ToTheShop() {
  return (
    <Link to="/" className={`${btn.primary} w-full sm:w-auto`}>
      <Trans>Continue Shopping</Trans>
    </Link>
  );
}
