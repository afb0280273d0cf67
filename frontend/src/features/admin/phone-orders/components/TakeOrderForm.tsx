/**
 * Taking the order: the customer, the items, the delivery and an optional discount code, priced
 * by the server as they change (its quote: each line's price and total, the delivery, the
 * discount and the total), then Create order. The server checks everything: its messages are
 * shown by their fields, and its refusal (fields to check, stock that ran short) under the button.
 */
import { useLingui } from '@lingui/react/macro';
import { btn, BUSY } from '@/components/ui/styles';
import { useDeliveryZones } from '@/lib/api/delivery';
import { offeredCities } from '@/lib/delivery-places';
import type { Order } from '@/lib/types';
import { TextField } from '../../components/fields';
import { logError } from '../../lib/errors';
import { admin } from '../../lib/ui';
import { useTakeOrder } from '../api/orders';
import { QUOTE_DELAY_MS, useOrderQuote, useSettledValue } from '../api/quote';
import { quoteRequest, unplacedErrors } from '../order-form';
import { useOrderForm } from '../use-order-form';
import { CustomerSection } from './CustomerSection';
import { DeliverySection } from './DeliverySection';
import { LinesSection } from './LinesSection';
import { QuoteSummary } from './QuoteSummary';

export function TakeOrderForm({ onTaken }: { onTaken: (order: Order) => void }) {
  const { t } = useLingui();
  const zones = useDeliveryZones();
  const cities = offeredCities(zones.data ?? []);
  const form = useOrderForm(cities);
  const take = useTakeOrder({
    onSuccess: onTaken,
    onError: (err) => {
      logError('Failed to create the order', err);
      form.showRefusal(err);
    },
  });
  const create = () => {
    if (take.isPending) return;
    form.clearRefusal();
    take.mutate(form.request());
  };
  const more = unplacedErrors(form.errors, form.draft.lines.length);
  // The quote follows the form once typing stops; until then the last one is shown as updating.
  const wanted = quoteRequest(form.draft, cities);
  const asked = useSettledValue(wanted, QUOTE_DELAY_MS);
  const quote = useOrderQuote(asked);
  const updating = JSON.stringify(wanted) !== JSON.stringify(asked) || quote.isFetching;

  return (
    <div className="mt-6 space-y-6">
      <CustomerSection form={form} />
      <LinesSection form={form} quote={quote.data} updating={updating} />
      <DeliverySection form={form} cities={cities} loading={zones.isPending} />
      <section aria-label={t`Create the order`} className={`${admin.card} space-y-4`}>
        <TextField
          className="max-w-sm"
          label={t`Discount code (optional)`}
          name="discountCode"
          autoComplete="off"
          spellCheck={false}
          value={form.draft.discountCode}
          error={form.errors.discountCode}
          onChange={(e) => form.setDiscountCode(e.target.value)}
        />
        <QuoteSummary quote={quote} hasLines={wanted !== null} updating={updating} />
        <button type="button" className={`${btn.primary} ${BUSY} w-full sm:w-auto`} aria-disabled={take.isPending || undefined} onClick={create}>
          {take.isPending ? t`Creating order...` : t`Create order`}
        </button>
        <div role="alert">
          {form.refusal && (
            <div className="rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
              <p className="font-semibold">{form.refusal}</p>
              {more.length > 0 && (
                <ul className="mt-1 list-disc pl-5 text-sm">
                  {more.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </div>
      </section>
    </div>
  );
}
