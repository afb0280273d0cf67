/**
 * One delivery on the rider's screen: who, where (the landmark first: streets often have no
 * name), how many items and the cash to collect; Call and WhatsApp the shopper; while it is out,
 * 'Delivered' and 'Not delivered', each opening its short form in the card. A finished one is
 * greyed, with how it ended.
 */
import { useState } from 'react';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { btn } from '@/components/ui/styles';
import { failureReasonLabel } from '@/lib/delivery';
import { formatDateTime, formatPrice, orderNumber } from '@/lib/format';
import type { RiderDelivery } from '@/lib/types';
import { DeliveredForm } from './DeliveredForm';
import { NotDeliveredForm } from './NotDeliveredForm';

/** Big enough for a thumb. */
const THUMB = 'min-h-12 w-full';

export function DeliveryCard({ delivery }: { delivery: RiderDelivery }) {
  const { t } = useLingui();
  const [form, setForm] = useState<'delivered' | 'notDelivered' | null>(null);
  const address = delivery.shippingAddress;
  const out = delivery.status === 'shipped';
  const titleId = `delivery-${delivery._id}`;
  const locked = delivery.delivery?.codeLocked ?? false;
  const items = delivery.itemCount;
  const cash = formatPrice(delivery.cashToCollect);
  const name = delivery.customerName;
  const landmark = address?.landmark;
  const deliveredAt = formatDateTime(delivery.delivery?.deliveredAt);
  const reason = failureReasonLabel(delivery.delivery?.attempts.at(-1)?.reason ?? '');

  return (
    <article
      aria-labelledby={titleId}
      className={`rounded-xl p-4 shadow-sm ring-1 ${out ? 'bg-white ring-stone-200' : 'bg-stone-100 text-stone-600 ring-stone-200'}`}
    >
      <h3 id={titleId} className={`text-lg font-semibold ${out ? 'text-stone-900' : 'text-stone-700'}`}>
        <span className="font-mono">{orderNumber(delivery)}</span> · {name}
      </h3>
      {address && (
        <div className="mt-1 space-y-0.5">
          {landmark && (
            <p className={`font-semibold ${out ? 'text-brand-800' : ''}`}>
              <Trans>Landmark: {landmark}</Trans>
            </p>
          )}
          <p>{address.addressLine}</p>
          <p>
            {address.district ? `${address.district}, ${address.city}` : address.city}
          </p>
        </div>
      )}
      <p className="mt-2 text-sm">
        {plural(items, { one: '# item', other: '# items' })}
      </p>
      {delivery.cashToCollect > 0 && (
        <p className={`mt-2 rounded-lg px-3 py-2 font-bold ${out ? 'bg-amber-100 text-amber-900' : 'bg-stone-200'}`}>
          <Trans>Collect {cash} in cash</Trans>
        </p>
      )}
      {!out && (
        <p className="mt-2 font-medium">
          {delivery.status === 'delivered' ? (
            <Trans>Delivered {deliveredAt}</Trans>
          ) : (
            <Trans>Not delivered: {reason}</Trans>
          )}
        </p>
      )}
      {(delivery.callUrl || delivery.whatsappUrl) && (
        <div className="mt-3 grid grid-cols-2 gap-2">
          {delivery.callUrl && (
            <a href={delivery.callUrl} className={`${btn.secondary} ${THUMB}`} aria-label={t`Call ${name}`}>
              <Trans>Call</Trans>
            </a>
          )}
          {delivery.whatsappUrl && (
            <a
              href={delivery.whatsappUrl}
              target="_blank"
              rel="noreferrer"
              className={`${btn.secondary} ${THUMB}`}
              aria-label={t`WhatsApp ${name}`}
            >
              WhatsApp
            </a>
          )}
        </div>
      )}
      {out && locked && (
        <p role="status" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-red-900 ring-1 ring-red-200">
          <Trans>Five wrong codes were typed. Call the shop to unlock this delivery.</Trans>
        </p>
      )}
      {out && (form === null || (locked && form === 'delivered')) && (
        <div className="mt-3 grid grid-cols-2 gap-2">
          {/* A locked code cannot be typed until the shop resets it: only 'Not delivered' is left. */}
          {!locked && (
            <button type="button" className={`${btn.primary} ${THUMB}`} onClick={() => setForm('delivered')}>
              <Trans>Delivered</Trans>
            </button>
          )}
          <button
            type="button"
            className={`${btn.secondary} ${THUMB} ${locked ? 'col-span-2' : ''}`}
            onClick={() => setForm('notDelivered')}
          >
            <Trans>Not delivered</Trans>
          </button>
        </div>
      )}
      {out && !locked && form === 'delivered' && <DeliveredForm delivery={delivery} onClose={() => setForm(null)} />}
      {out && form === 'notDelivered' && <NotDeliveredForm delivery={delivery} onClose={() => setForm(null)} />}
    </article>
  );
}
