import { Trans, useLingui } from '@lingui/react/macro';
import { ReturnSummary } from '@/components/ui/ReturnSummary';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { PageLoading } from '@/components/ui/Spinner';
import { useOrderReturns } from '@/lib/api/returns';
import type { OrderDetail } from '@/lib/types';
import { useReturnRequest } from '../hooks/use-return-request';
import { OrderSection } from './OrderSection';
import { ReturnForm } from './ReturnForm';
import { ReturnNotice } from './ReturnNotice';

/** 'Returns': whether one can be asked for (and its form), and the order's returns with their progress. */
export function OrderReturns({ order }: { order: OrderDetail }) {
  const { t } = useLingui();
  const returns = useOrderReturns(order._id);
  const request = useReturnRequest();

  return (
    <OrderSection id="returns-title" title={t`Returns`}>
      {returns.isPending ? (
        <PageLoading text={t`Loading returns...`} />
      ) : returns.isError ? (
        <RetryAlert onRetry={() => void returns.refetch()}>
          <Trans>The returns of this order could not be loaded.</Trans>
        </RetryAlert>
      ) : (
        <>
          <ReturnNotice order={order} open={request.formOpen} onOpen={request.toggle} buttonRef={request.openButton} />
          {request.formOpen && <ReturnForm order={order} onCancel={request.close} onDone={request.done} />}
          {request.created && (
            <p role="status" className="mt-4 rounded-lg bg-emerald-50 p-3 text-sm text-emerald-950 ring-1 ring-emerald-200">
              <Trans>Thank you. We have your return request; you can follow its progress here.</Trans>
            </p>
          )}
          {returns.data.length > 0 && (
            <ul className="mt-4 space-y-4" aria-label={t`Returns of this order`}>
              {returns.data.map((ret) => (
                <li key={ret._id}>
                  <ReturnSummary ret={ret} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </OrderSection>
  );
}
