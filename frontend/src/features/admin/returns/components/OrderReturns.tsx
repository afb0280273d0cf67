/** The returns of one order, on its page in the back office: each with who set its statuses and its next steps. */
import { Trans, useLingui } from '@lingui/react/macro';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { ReturnSummary } from '@/components/ui/ReturnSummary';
import { PageLoading } from '@/components/ui/Spinner';
import { useOrderReturns } from '@/lib/api/returns';
import type { PaymentMethodId } from '@/lib/types';
import { Card } from '../../components/Card';
import { adminErrorMessage } from '../../lib/errors';
import { setByText } from '../../lib/who';
import { RefundPaidOut, ReturnStepButtons, useReturnSteps } from './ReturnSteps';

export function OrderReturns({ orderId, method }: { orderId: string; method: PaymentMethodId | null }) {
  const { t } = useLingui();
  const returns = useOrderReturns(orderId);
  const steps = useReturnSteps();
  return (
    <Card id="returns-title" title={t`Returns`}>
      {returns.isPending ? (
        <PageLoading text={t`Loading returns...`} />
      ) : returns.isError ? (
        <RetryAlert onRetry={() => void returns.refetch()}>
          {adminErrorMessage(returns.error, t`Failed to load the returns of this order`)}
        </RetryAlert>
      ) : returns.data.length === 0 ? (
        <p className="text-stone-600">
          <Trans>No returns for this order.</Trans>
        </p>
      ) : (
        <>
          {steps.notices}
          <ul className="mt-4 space-y-4 first:mt-0" aria-label={t`Returns of this order`}>
            {returns.data.map((ret) => (
              <li key={ret._id}>
                <ReturnSummary
                  ret={ret}
                  who={setByText}
                  actions={
                    <>
                      <RefundPaidOut ret={ret} className="mt-3 text-sm text-stone-700" />
                      <div className="mt-4 empty:hidden">
                        <ReturnStepButtons ret={ret} steps={steps} method={method} />
                      </div>
                    </>
                  }
                />
              </li>
            ))}
          </ul>
          {steps.dialog}
        </>
      )}
    </Card>
  );
}
