import { useState } from 'react';
import { maxQuantity } from '@/lib/product';
import type { Product, Variant } from '@/lib/types';
import { colourOf, coloursOf, variantsOf } from '@/lib/variants';

/**
 * The colour, size and quantity the shopper chooses on a product's page, within the stock the
 * server reports. A sold-out size can be chosen too: it cannot be bought, but the shopper can ask
 * to be told when it is back. Until the shopper picks a colour it is the chosen size's, else the
 * first size's with stock; the gallery shows that colour's pictures. `initialVariantId` (the
 * page's `?variant=`, where signing in to be told returns to) is the size chosen at first.
 */
export function useProductChoice(product: Product, initialVariantId: string | null = null) {
  const variants = variantsOf(product);
  const colours = coloursOf(variants);
  const [variantId, setVariantId] = useState<string | null>(initialVariantId);
  const [chosenColour, setChosenColour] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  // The chosen size as the product has it now (a refreshed product may have sold it out meanwhile, or brought it back).
  const chosen = variants.find((v) => v._id === variantId) ?? null;
  const variant = chosen && chosen.stock > 0 ? chosen : null;
  const stock = chosen ? chosen.stock : product.stock;
  const max = maxQuantity({ stock });
  const colour =
    colours.length === 0
      ? null
      : chosenColour !== null && colours.includes(chosenColour)
        ? chosenColour
        : colourOf(chosen ?? variants.find((v) => v.stock > 0) ?? variants[0]);
  return {
    variants,
    /** The colour shown chosen (null for a product whose sizes have no colours). */
    colour,
    /** Another colour; the same size in it stays chosen when the colour has that size. */
    chooseColour: (next: string) => {
      setChosenColour(next);
      const same = chosen && variants.find((v) => colourOf(v) === next && v.size === chosen.size);
      setVariantId(same ? same._id : null);
    },
    /** The size chosen, sold out or not; null until one is chosen. */
    chosen,
    /** The chosen size when there is some of it (what is bought); null otherwise. */
    variant,
    chooseVariant: (v: Variant | null) => setVariantId(v?._id ?? null),
    /** A product with sizes cannot be bought before one is chosen. */
    needsSize: variants.length > 0 && !chosen,
    /** The chosen size has none left: it can only be asked for. */
    sizeSoldOut: chosen !== null && chosen.stock <= 0,
    /** The chosen size's stock, or the product's. */
    stock,
    /** The chosen size's stock status, or the product's, as the server says it. */
    stockStatus: chosen ? chosen.stockStatus : product.stockStatus,
    max,
    // The quantity follows the chosen size's stock down.
    quantity: Math.min(quantity, Math.max(1, max)),
    setQuantity,
    /** The whole product is sold out (every size). */
    soldOut: product.stockStatus === 'outOfStock',
  };
}

export type ProductChoice = ReturnType<typeof useProductChoice>;
