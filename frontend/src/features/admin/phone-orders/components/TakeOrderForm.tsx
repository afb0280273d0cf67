/**
 * Taking the order: the customer, the items, the delivery and an optional discount code, then
 * Create order. The server checks everything: its messages are shown by their fields, and its
 * refusal (fields to check, stock that ran short) under the button.
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
import { unplacedErrors } from '../order-form';
import { useOrderForm } from '../use-order-form';
import { CustomerSection } from './CustomerSection';
import { DeliverySection } from './DeliverySection';
import { LinesSection } from './LinesSection';

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

  return (
    <div className="mt-6 space-y-6">
      <CustomerSection form={form} />
      <LinesSection form={form} />
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
        <p className="text-sm text-stone-600">{t`The prices, delivery fee and total are the shop's: they are shown once the order is created.`}</p>
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
