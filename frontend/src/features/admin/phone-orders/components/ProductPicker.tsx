/**
 * A product opened to add it to the order: its size (each with its stock; sold-out sizes cannot
 * be chosen) and how many, from 1 to the stock of the size chosen.
 */
import { useId, useState } from 'react';
import { plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { btn, field } from '@/components/ui/styles';
import type { Product, Variant } from '@/lib/types';
import { selectSizeMessage, variantLabel, variantsOf } from '@/lib/variants';
import { CountField } from '../../components/fields';

/** '12 in stock', or 'Sold out' (in the language shown). */
export const stockText = (stock: number): string =>
  stock > 0 ? plural(stock, { one: '# in stock', other: '# in stock' }) : t`Sold out`;

export function ProductPicker({
  id,
  product,
  onAdd,
  onCancel,
}: {
  id: string;
  product: Product;
  onAdd: (variant: Variant | null, quantity: number) => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const sizes = variantsOf(product);
  const [variantId, setVariantId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [error, setError] = useState<{ size?: string; quantity?: string }>({});
  const sizeErrorId = useId();
  const variant = sizes.find((v) => v._id === variantId) ?? null;
  const stock = sizes.length > 0 ? (variant?.stock ?? product.stock) : product.stock;

  if (product.stock <= 0) {
    return (
      <div id={id} className="mt-3 flex flex-wrap items-center justify-between gap-3 rounded-lg bg-stone-50 p-3">
        <p className="text-stone-700">
          <Trans>This product is sold out.</Trans>
        </p>
        <button type="button" className={btn.secondary} onClick={onCancel}>
          <Trans>Close</Trans>
        </button>
      </div>
    );
  }

  const add = () => {
    const n = Number(quantity);
    const found = {
      size: sizes.length > 0 && !variant ? selectSizeMessage() : undefined,
      quantity: Number.isInteger(n) && n >= 1 && n <= stock ? undefined : t`Enter a quantity from 1 to ${stock}`,
    };
    setError(found);
    if (!found.size && !found.quantity) onAdd(variant, n);
  };

  return (
    <div id={id} className="mt-3 space-y-4 rounded-lg bg-stone-50 p-3">
      {sizes.length > 0 && (
        <fieldset aria-describedby={error.size ? sizeErrorId : undefined}>
          <legend className={field.label}>
            <Trans>Size</Trans>
          </legend>
          <div className="grid gap-1 sm:grid-cols-2">
            {sizes.map((v) => (
              <label key={v._id} className={`flex min-h-11 items-center gap-3 rounded-lg px-2 ${v.stock > 0 ? 'text-stone-900' : 'text-stone-500'}`}>
                <input
                  type="radio"
                  name={`${id}-size`}
                  className="h-5 w-5 accent-brand-700"
                  disabled={v.stock <= 0}
                  checked={variantId === v._id}
                  onChange={() => {
                    setVariantId(v._id);
                    setError((e) => ({ ...e, size: undefined }));
                  }}
                />
                <span>
                  {variantLabel(v)} <span className="text-sm">({stockText(v.stock)})</span>
                </span>
              </label>
            ))}
          </div>
          {error.size && (
            <p id={sizeErrorId} className={field.error}>
              {error.size}
            </p>
          )}
        </fieldset>
      )}
      <CountField
        className="max-w-40"
        label={t`Quantity`}
        name={`${id}-quantity`}
        min={1}
        max={stock}
        value={quantity}
        error={error.quantity}
        onChange={(e) => {
          setQuantity(e.target.value);
          setError((found) => ({ ...found, quantity: undefined }));
        }}
      />
      <div className="flex flex-wrap gap-2">
        <button type="button" className={btn.primary} onClick={add}>
          <Trans>Add to order</Trans>
        </button>
        <button type="button" className={btn.secondary} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </div>
  );
}
