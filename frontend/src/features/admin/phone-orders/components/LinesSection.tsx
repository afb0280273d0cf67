/**
 * What the customer orders: products found by the shop's search (a page at a time), each opened
 * to pick its size (with the stock of each; sold-out sizes cannot be picked) and a quantity, and
 * the lines chosen so far, whose quantity may be changed or which may be removed, each with its
 * price and line total from the server's quote. No price is added up here.
 */
import { useRef, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { RetryAlert } from '@/components/ui/RetryAlert';
import { btn, BUSY, field } from '@/components/ui/styles';
import { formatPrice } from '@/lib/format';
import type { PhoneOrderQuote, Product, Variant } from '@/lib/types';
import { SearchField } from '../../lib/list';
import { useProductSearch } from '../api/products';
import type { OrderForm } from '../use-order-form';
import { LineList } from './LineList';
import { ProductPicker, stockText } from './ProductPicker';
import { Step } from './Step';

export function LinesSection({ form, quote, updating }: { form: OrderForm; quote: PhoneOrderQuote | undefined; updating: boolean }) {
  const { t } = useLingui();
  const [q, setQ] = useState('');
  const [added, setAdded] = useState('');
  const { lines } = form.draft;
  const add = (product: Product, variant: Variant | null, quantity: number) => {
    form.addLine(product, variant, quantity);
    const name = product.name;
    setAdded(t`${name} added to the order`);
  };
  return (
    <Step id="lines-title" title={t`Items`}>
      <SearchField label={t`Find a product`} placeholder={t`Name, category or tag`} value={q} onSearch={setQ} />
      <ProductResults q={q} onAdd={add} />
      <p role="status" className="sr-only">
        {added}
      </p>
      <h3 className="font-semibold text-stone-900" id="order-lines-title">
        <Trans>In this order</Trans>
      </h3>
      {lines.length === 0 ? (
        <p className="text-sm text-stone-600">
          <Trans>No items yet: find a product above.</Trans>
        </p>
      ) : (
        <LineList lines={lines} errors={form.errors} quote={quote} updating={updating} onQuantity={form.setQuantity} onRemove={form.removeLine} />
      )}
      {form.errors.lines && <p className={field.error}>{form.errors.lines}</p>}
    </Step>
  );
}

function ProductResults({ q, onAdd }: { q: string; onAdd: (product: Product, variant: Variant | null, quantity: number) => void }) {
  const { t } = useLingui();
  const found = useProductSearch(q);
  const rows = found.data?.pages.flatMap((page) => page.products) ?? [];
  const status = !q
    ? ''
    : found.isPending
      ? t`Searching...`
      : found.isError
        ? ''
        : rows.length === 0
          ? t`No product found.`
          : '';
  return (
    <>
      <p role="status" className="text-sm text-stone-700 empty:hidden">
        {status}
      </p>
      {q && found.isError && !found.data && (
        <RetryAlert onRetry={() => void found.refetch()}>{t`Failed to search the products. Please try again.`}</RetryAlert>
      )}
      {rows.length > 0 && (
        <ul className="divide-y divide-stone-200 rounded-lg ring-1 ring-stone-200" aria-label={t`Products found`}>
          {rows.map((product) => (
            <ProductRow key={product._id} product={product} onAdd={onAdd} />
          ))}
        </ul>
      )}
      {found.hasNextPage && (
        <button
          type="button"
          className={`${btn.secondary} ${BUSY}`}
          aria-disabled={found.isFetchingNextPage || undefined}
          onClick={() => {
            if (!found.isFetchingNextPage) void found.fetchNextPage();
          }}
        >
          <Trans>Show more products</Trans>
        </button>
      )}
    </>
  );
}

/** A product found: its name, price and stock, and Choose, which opens its picker below it. */
function ProductRow({ product, onAdd }: { product: Product; onAdd: (product: Product, variant: Variant | null, quantity: number) => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const choose = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    choose.current?.focus();
  };
  const name = product.name;
  const pickerId = `pick-${product._id}`;
  return (
    <li className="p-3" data-testid="product-result">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">{name}</p>
          <p className="text-sm text-stone-700">
            {formatPrice(product.price)} · {stockText(product.stock)}
          </p>
        </div>
        <button
          ref={choose}
          type="button"
          className={btn.secondary}
          aria-expanded={open}
          aria-controls={open ? pickerId : undefined}
          aria-label={t`Choose ${name}`}
          onClick={() => setOpen((o) => !o)}
        >
          <Trans>Choose</Trans>
        </button>
      </div>
      {open && (
        <ProductPicker
          id={pickerId}
          product={product}
          onCancel={close}
          onAdd={(variant, quantity) => {
            onAdd(product, variant, quantity);
            close();
          }}
        />
      )}
    </li>
  );
}
