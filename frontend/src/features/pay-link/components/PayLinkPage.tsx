import { useParams } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { usePageTitle } from '@/lib/use-page-title';
import { linkEnded, useLinkedOrder } from '../api/pay-link';
import { LinkEnd, ToTheShop } from './LinkEnd';
import { PayLinkOrder } from './PayLinkOrder';

/**
 * /pay/:token, a payment link sent to a phone order's customer: public (no account needed). The
 * order and its payment; a link that is not valid, or has ended (its order paid, canceled or past
 * its time), says so in the server's words, with the way to the shop.
 */
export function PayLinkPage() {
  const { t } = useLingui();
  usePageTitle(t`Pay for your order`);
  const token = useParams().token ?? '';
  const link = useLinkedOrder(token);
  const { refetch } = link;
  const ended = linkEnded(link.error) ? { message: link.error.serverMessage, paid: false } : null;

  if (link.isPending) return <PageLoading text={t`Loading your order...`} />;
  if (link.data) return <PayLinkOrder token={token} order={link.data} ended={ended} onExpired={refetch} />;
  if (ended) {
    return (
      <div className="mx-auto max-w-xl space-y-4 px-4 py-12">
        <LinkEnd message={ended.message} heading />
        <ToTheShop />
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-16">
      <RetryAlert onRetry={() => void refetch()}>
        <Trans>This order could not be loaded.</Trans>
      </RetryAlert>
    </div>
  );
}
