import { useState } from 'react';
import { maxQuantity, stockStatusOf } from '@/lib/product';
import type { Product, Variant } from '@/lib/types';
import { colourOf, coloursOf, variantsOf } from '@/lib/variants';

/**
 * The colour, size and quantity the shopper chooses on a product's page, within the stock the
 * server reports. Until the shopper picks a colour it is the chosen size's, else the first size's
 * with stock; the gallery shows that colour's pictures.
 */
export function useProductChoice(product: Product) {
  const variants = variantsOf(product);
  const colours = coloursOf(variants);
  const [variantId, setVariantId] = useState<string | null>(null);
  const [chosenColour, setChosenColour] = useState<string | null>(null);
  const [quantity, setQuantity] = useState(1);
  // The chosen size as the product has it now (a refreshed product may have sold it out meanwhile).
  const variant = variants.find((v) => v._id === variantId && v.stock > 0) ?? null;
  const stock = variant ? variant.stock : product.stock;
  const max = maxQuantity({ stock });
  const colour =
    colours.length === 0
      ? null
      : chosenColour !== null && colours.includes(chosenColour)
        ? chosenColour
        : colourOf(variant ?? variants.find((v) => v.stock > 0) ?? variants[0]);
  return {
    variants,
    /** The colour shown chosen (null for a product whose sizes have no colours). */
    colour,
    /** Another colour; the same size in it stays chosen when there is some of it. */
    chooseColour: (next: string) => {
      setChosenColour(next);
      const same = variant && variants.find((v) => colourOf(v) === next && v.size === variant.size && v.stock > 0);
      setVariantId(same ? same._id : null);
    },
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

export type ProductChoice = ReturnType<typeof useProductChoice>;
