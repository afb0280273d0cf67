/**
 * New order (/admin/orders/new, `orders.create`): an order taken in a phone call or a chat. Staff
 * find or add the customer, pick the items and sizes, the delivery place and a code; the server
 * prices it (staff never type a price) and answers the order, which is then paid by a request to
 * the customer's wallet, in cash on delivery, or on a payment link.
 */
import { useState } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import type { Order } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { admin } from '../../lib/ui';
import { OrderTaken } from './OrderTaken';
import { TakeOrderForm } from './TakeOrderForm';

export default function NewOrderPage() {
  const { t } = useLingui();
  usePageTitle(t`New order`);
  const [taken, setTaken] = useState<Order | null>(null);
  return (
    <section className="mx-auto max-w-4xl">
      <Link to="/admin/orders" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 hover:underline">
        {'← '}
        {t`Orders`}
      </Link>
      {taken ? (
        <OrderTaken order={taken} onAnother={() => setTaken(null)} />
      ) : (
        <>
          <h1 className={`${admin.pageTitle} mt-3`}>{t`New order`}</h1>
          <p className="mt-1 text-stone-600">{t`An order taken in a phone call or a chat.`}</p>
          <TakeOrderForm onTaken={setTaken} />
        </>
      )}
    </section>
  );
}
