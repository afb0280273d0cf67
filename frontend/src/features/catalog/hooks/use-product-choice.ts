import { useState } from 'react';
import { maxQuantity, stockStatusOf } from '@/lib/product';
import type { Product, Variant } from '@/lib/types';
import { variantsOf } from '@/lib/variants';

/** The size and quantity the shopper chooses on a product's page, within the stock the server reports. */
export function useProductChoice(product: Product) {
  const variants = variantsOf(product);
  const [variantId, setVariantId] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  // The chosen size as the product has it now (a refreshed product may have sold it out meanwhile).
  const variant = variants.find((v) => v._id === variantId && v.stock > 0) ?? null;
  const stock = variant ? variant.stock : product.stock;
  const max = maxQuantity({ stock });
  return {
    variants,
    /** The chosen size; null until one is chosen (or when it has sold out). */
    variant,
    chooseVariant: (v: Variant | null) => setVariantId(v?._id ?? null),
    /** A product with sizes cannot be bought before one is chosen. */
    needsSize: variants.length > 0 && !variant,
    /** The chosen size's stock, or the product's. */
    stock,
    max,
    // The quantity follows the chosen size's stock down.
    quantity: Math.min(quantity, Math.max(1, max)),
    setQuantity,
    soldOut: stockStatusOf(product.stock) === 'outOfStock',
  };
}
