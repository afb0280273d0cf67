/**
 * Sizes and colours (a product's variants): what every screen derives from them, once.
 * A product without variants is one-size and behaves as before.
 */
import { t } from '@lingui/core/macro';
import type { CartLine, CartLineRef, Product, Variant, VariantSnapshot } from './types';

/** The server's answer to a product with sizes added without one, and the product page's hint until a size is chosen. */
export const selectSizeMessage = (): string => t`Please select a size`;

export const variantsOf = (product: Pick<Product, 'variants'>): Variant[] => product.variants ?? [];

export const hasVariants = (product: Pick<Product, 'variants'>): boolean => variantsOf(product).length > 0;

/** How a line names its size and colour, e.g. 'Size M · Black', or 'Size M' without a colour. */
export function variantLabel(variant: Pick<VariantSnapshot, 'size' | 'colour'>): string {
  const size = variant.size;
  return [t`Size ${size}`, variant.colour].filter(Boolean).join(' · ');
}

/** Stands for the colour choice of variants without a colour when others have one (shown as 'Other'). */
export const NO_COLOUR = 'Other';

/** The colour choice a variant belongs to. */
export const colourOf = (variant: Pick<Variant, 'colour'>): string => variant.colour || NO_COLOUR;

/**
 * The colours to choose from, in the order of the variants; empty when no variant has a colour
 * (then the product page keeps its display-only colour choice).
 */
export function coloursOf(variants: readonly Variant[]): string[] {
  if (!variants.some((v) => v.colour)) return [];
  return [...new Set(variants.map(colourOf))];
}

/** The cart line's size as the product has it now (its current stock); undefined for a one-size line. */
export function lineVariant(line: Pick<CartLine, 'productId' | 'variant'>): Variant | undefined {
  const id = line.variant?._id;
  return id ? variantsOf(line.productId).find((v) => v._id === id) : undefined;
}

/** What a cart call names to act on one line: its product and, for a product with sizes, its size. */
export function cartLineRef(line: Pick<CartLine, 'productId' | 'variant'>): CartLineRef {
  return line.variant ? { productId: line.productId._id, variantId: line.variant._id } : { productId: line.productId._id };
}

/** A line's identity in the cart: the same product in two sizes is two lines. */
export const cartLineKey = (ref: CartLineRef): string => `${ref.productId}:${ref.variantId ?? ''}`;
