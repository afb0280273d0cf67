/**
 * The order's prices before Create order, as the server's quote gives them: subtotal, delivery
 * (its fee once the place is chosen), the code's discount and the total staff tell the customer.
 * While the form changes, the last quote stays, dimmed, until the next one arrives; the quote's
 * refusal (a line wanting more than is left, a code refused, a place not delivered to) is shown
 * here as the server words it, a failed request with Try Again.
 */
import { useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { ApiError } from '@/lib/api-client';
import { formatPrice } from '@/lib/format';
import type { PhoneOrderQuote } from '@/lib/types';
import { adminErrorMessage } from '../../lib/errors';

const row = 'flex justify-between gap-4';

/** A refusal the server words (400, 409, 422…): asking again would not change it. */
const isRefusal = (err: unknown) => err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 401 && err.status !== 408;

export function QuoteSummary({
  quote,
  hasLines,
  updating,
}: {
  quote: UseQueryResult<PhoneOrderQuote>;
  /** Whether the order has a line yet (nothing is priced before). */
  hasLines: boolean;
  /** The form changed since the quote shown was asked for, or the next one is on its way. */
  updating: boolean;
}) {
  const { t } = useLingui();
  const data = hasLines ? quote.data : undefined;
  const total = data ? formatPrice(data.totalAmount) : '';

  let body;
  if (!hasLines) {
    body = <p className="text-sm text-stone-600">{t`Add an item to see the prices and the total.`}</p>;
  } else if (quote.isError && !data && !updating) {
    body = isRefusal(quote.error) ? (
      <QuoteRefusal error={quote.error} />
    ) : (
      <RetryAlert onRetry={() => void quote.refetch()}>{adminErrorMessage(quote.error, t`Failed to price the order. Please try again.`)}</RetryAlert>
    );
  } else if (!data) {
    body = <p className="text-sm text-stone-600">{t`Pricing the order...`}</p>;
  } else {
    const fee = data.shippingFee;
    const code = data.discountCode;
    body = (
      <>
        <dl className={`space-y-1.5 text-sm ${updating ? 'text-stone-500' : 'text-stone-700'}`} data-testid="quote-totals">
          <div className={row}>
            <dt>{t`Subtotal`}</dt>
            <dd>{formatPrice(data.subtotal)}</dd>
          </div>
          <div className={row}>
            <dt>{t`Delivery`}</dt>
            <dd className="text-right">{fee === null ? t`Once the place is chosen` : formatPrice(fee)}</dd>
          </div>
          {code || data.discountAmount ? (
            <div className={`${row} text-emerald-800`}>
              <dt className="min-w-0 break-words">{code ? t`Discount (${code})` : t`Discount`}</dt>
              {/* A free-delivery code takes nothing off the items: the delivery is 0 instead. */}
              <dd className="whitespace-nowrap">{data.discountAmount ? `-${formatPrice(data.discountAmount)}` : t`Free delivery`}</dd>
            </div>
          ) : null}
          <div className={`${row} border-t border-stone-200 pt-2 text-base font-bold text-stone-900`}>
            <dt>{fee === null ? t`Total without delivery` : t`Total`}</dt>
            <dd>{total}</dd>
          </div>
        </dl>
        {quote.isError && !updating && (isRefusal(quote.error) ? <QuoteRefusal error={quote.error} /> : null)}
      </>
    );
  }

  return (
    <section aria-labelledby="quote-title" aria-busy={updating || undefined} className="rounded-lg bg-stone-50 p-4 ring-1 ring-stone-200" data-testid="quote">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="quote-title" className="font-semibold text-stone-900">
          {t`Prices`}
        </h2>
        {data && updating && <span className="text-sm text-stone-600">{t`Updating the prices...`}</span>}
      </div>
      {body}
      {/* The total, said once a quote has settled (not at each keystroke). */}
      <p role="status" className="sr-only">
        {data && !updating ? t`Total ${total}` : ''}
      </p>
    </section>
  );
}

/** The quote's refusal: the server's message and any more it gave (one per field or line). */
function QuoteRefusal({ error }: { error: unknown }) {
  const { t } = useLingui();
  const message = adminErrorMessage(error, t`The order cannot be priced as it stands`);
  const more = error instanceof ApiError ? [...new Set(Object.values(error.fieldErrors))].filter((m) => m !== message) : [];
  return (
    <div role="alert" className="mt-3 rounded-lg bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200 first:mt-0" data-testid="quote-error">
      <p className="font-semibold">{message}</p>
      {more.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {more.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
