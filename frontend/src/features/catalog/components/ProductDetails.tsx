import { Suspense } from 'react';
import { Link } from 'react-router';
import { Trans } from '@lingui/react/macro';
import { Price } from '@/components/ui/Price';
import { StockBadge } from '@/components/ui/StockBadge';
import { useSettings } from '@/lib/api/settings';
import { useShopTerms } from '@/lib/terms';
import type { Product } from '@/lib/types';
import { usePageTitle } from '@/lib/use-page-title';
import { coloursOf } from '@/lib/variants';
import { categoryName } from '../category-name';
import type { ProductChoice } from '../hooks/use-product-choice';
import { ColourSwatches } from './ColourSwatches';
import { ProductBuyButtons } from './ProductBuyButtons';
import { ProductPerks } from './ProductPerks';
import { ProductRating } from './ProductRating';
import { QuantityStepper } from './QuantityStepper';
import { useSoldOutAction } from './sold-out-action';
import { VariantPicker } from './VariantPicker';

/**
 * The product's name, price and description beside the choice of colour, size and quantity and
 * the buttons that act on it. A sold-out size chosen, or a sold-out one-size product, cannot be
 * bought: the app's sold-out action ('Notify me when it's back') takes Buy Now's place.
 */
export function ProductDetails({ product, choice }: { product: Product; choice: ProductChoice }) {
  const { stock, stockStatus, soldOut } = choice;
  const { payment } = useShopTerms(useSettings().data?.terms);
  const unavailable = soldOut || choice.sizeSoldOut;
  const drawSoldOutAction = useSoldOutAction();
  const askable = choice.variants.length === 0 ? soldOut : choice.sizeSoldOut;
  const soldOutAction =
    askable && drawSoldOutAction ? (
      // Its state (asked or not) is the size's: another size starts afresh.
      <Suspense key={choice.chosen?._id ?? product._id} fallback={null}>
        {drawSoldOutAction({ product, variant: choice.chosen })}
      </Suspense>
    ) : null;

  usePageTitle(product.name);

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-700">
        {/* 44 px high to tap, its line as thin as before (the margins take the height back). */}
        <Link to={`/category/${product.category}`} className="-my-3 inline-flex min-h-11 items-center hover:underline">
          {categoryName(product.category)}
        </Link>
      </p>
      <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{product.name}</h1>
      <ProductRating product={product} />
      <Price product={product} showSave size="lg" />
      {payment && (
        <p className="text-sm text-stone-600" data-testid="ways-to-pay">
          {payment}
        </p>
      )}
      <p className="leading-relaxed text-stone-700">{product.description}</p>

      {coloursOf(choice.variants).length === 0 && <ColourSwatches />}
      {choice.variants.length > 0 && (
        <VariantPicker
          variants={choice.variants}
          value={choice.chosen}
          onChange={choice.chooseVariant}
          colour={choice.colour}
          onColourChange={choice.chooseColour}
        />
      )}

      <div className="flex flex-wrap items-center gap-3">
        <StockBadge status={stockStatus} />
        {stockStatus === 'lowStock' && (
          <span className="text-sm font-medium text-amber-900">
            <Trans>Only {stock} left in stock</Trans>
          </span>
        )}
      </div>

      {!unavailable && (
        <div>
          <p className="mb-2 text-sm font-semibold">
            <Trans>Quantity</Trans>
          </p>
          <QuantityStepper value={choice.quantity} max={choice.max} onChange={choice.setQuantity} />
        </div>
      )}

      <ProductBuyButtons
        product={product}
        variant={choice.variant}
        quantity={choice.quantity}
        needsSize={choice.needsSize}
        soldOut={unavailable}
        soldOutAction={soldOutAction}
      />
      <ProductPerks />
    </div>
  );
}
