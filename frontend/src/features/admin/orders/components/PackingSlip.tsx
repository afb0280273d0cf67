/**
 * The packing slip of an order: shop name, order number and date, the address to ship to and
 * the lines with size, colour, SKU and quantity (no prices). It is not shown on screen; when
 * the page is printed it is all that prints (index.css: a page with a `data-print-only` part
 * prints only that part), so it lives directly in <body>.
 */
import { createPortal } from 'react-dom';
import { Trans, useLingui } from '@lingui/react/macro';
import { ShippingAddressText } from '@/components/ui/ShippingAddressText';
import { formatLongDate, orderNumber } from '@/lib/format';
import type { Order } from '@/lib/types';


const cell = 'border-b border-stone-300 px-2 py-1.5 text-left align-top';

export function PackingSlip({ order, shopName }: { order: Order; shopName: string }) {
  const { t } = useLingui();
  const units = order.products.reduce((n, l) => n + l.quantity, 0);
  return createPortal(
    <div data-print-only data-testid="packing-slip" className="hidden bg-white p-6 text-sm text-black print:block">
      <div className="flex items-start justify-between gap-6 border-b-2 border-black pb-3">
        <p className="text-2xl font-bold">{shopName}</p>
        <p className="text-xl font-semibold">
          <Trans>Packing slip</Trans>
        </p>
      </div>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="font-semibold">
          <Trans>Order number</Trans>
        </dt>
        <dd className="font-mono">{orderNumber(order)}</dd>
        <dt className="font-semibold">
          <Trans>Order date</Trans>
        </dt>
        <dd>{formatLongDate(order.createdAt)}</dd>
      </dl>
      <div className="mt-4">
        <p className="font-semibold">
          <Trans>Ship to</Trans>
        </p>
        {order.shippingAddress ? (
          <ShippingAddressText address={order.shippingAddress} className="mt-1" />
        ) : (
          <p className="mt-1">
            <Trans>No delivery address given</Trans>
          </p>
        )}
      </div>
      <table className="mt-5 w-full border-collapse">
        <thead>
          <tr>
            <th scope="col" className={cell}>
              <Trans>Item</Trans>
            </th>
            <th scope="col" className={cell}>
              <Trans>Size</Trans>
            </th>
            <th scope="col" className={cell}>
              <Trans>Colour</Trans>
            </th>
            <th scope="col" className={cell}>
              <Trans>SKU</Trans>
            </th>
            <th scope="col" className={`${cell} text-right`}>
              <Trans>Quantity</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {order.products.map((line, i) => (
            <tr key={line._id ?? i}>
              <td className={cell}>{line.name ?? line.productId?.name ?? t`Product`}</td>
              <td className={cell}>{line.variant?.size ?? t`One size`}</td>
              <td className={cell}>{line.variant?.colour ?? ''}</td>
              <td className={`${cell} font-mono`}>{line.variant?.sku ?? ''}</td>
              <td className={`${cell} text-right`}>{line.quantity}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={4} className={`${cell} border-b-0 text-right`}>
              <Trans>Items in all</Trans>
            </th>
            <td className={`${cell} border-b-0 text-right font-semibold`}>{units}</td>
          </tr>
        </tfoot>
      </table>
    </div>,
    document.body,
  );
}
