/** The admin product form: its state, its checks before submit, and the payload. */
import { t } from '@lingui/core/macro';
import type { Product, ProductInput } from '@/lib/types';
import { parseNumber, parseStock } from '@/lib/validation';
import { hasVariants, variantsOf } from '@/lib/variants';
import { toVariantInputs, variantProblem, variantRowsFrom, variantsChanged, type VariantRow } from './variant-rows';

export type ProductField = 'name' | 'category' | 'description' | 'price' | 'stock' | 'discount' | 'tags' | 'image' | 'variants';
export type ProductErrors = Partial<Record<ProductField, string>>;
export const PRODUCT_FIELDS: readonly ProductField[] = ['name', 'category', 'description', 'price', 'stock', 'discount', 'tags', 'image', 'variants'];

export interface ProductForm {
  name: string;
  category: string;
  description: string;
  price: string;
  stock: string;
  discount: string;
  tags: string;
  isFeatured: boolean;
  image: File | null;
  /** The size grid; empty for a one-size product (then `stock` is the product's). */
  variants: VariantRow[];
}

export const emptyProductForm = (): ProductForm => ({
  name: '',
  category: 'women',
  description: '',
  price: '',
  stock: '',
  discount: '0',
  tags: '',
  isFeatured: false,
  image: null,
  variants: [],
});

export const productFormFrom = (p: Product): ProductForm => ({
  name: p.name ?? '',
  category: p.category || 'women',
  description: p.description ?? '',
  price: p.price != null ? String(p.price) : '',
  stock: p.stock != null ? String(p.stock) : '',
  discount: String(p.discount ?? 0),
  tags: (p.tags ?? []).join(', '),
  isFeatured: Boolean(p.isFeatured),
  image: null,
  variants: variantRowsFrom(variantsOf(p)),
});

/**
 * The product's own picture (the form's Image replaces it): the first of `gallery`; `image` only
 * when no colour has pictures, since it is otherwise the first colour's.
 */
export function ownPicture(p: Pick<Product, 'gallery' | 'image' | 'colourImages'>): string | null {
  if (p.gallery?.length) return p.gallery[0];
  return Object.keys(p.colourImages ?? {}).length === 0 ? p.image : null;
}

export function validateProductForm(form: ProductForm): ProductErrors {
  const errors: ProductErrors = {};
  if (!form.name.trim()) errors.name = t`Product name is required`;
  if (!form.description.trim()) errors.description = t`Description is required`;
  const price = parseNumber(form.price);
  if (!(price > 0)) errors.price = t`Valid price is required`;
  if (form.variants.length > 0) {
    const problem = variantProblem(form.variants);
    if (problem) errors.variants = problem.message;
  } else {
    if (Number.isNaN(parseStock(form.stock))) errors.stock = t`Valid stock quantity is required`;
  }
  const discount = form.discount.trim() === '' ? 0 : Number(form.discount);
  if (!(discount >= 0 && discount <= 100)) errors.discount = t`Discount must be between 0 and 100`;
  return errors;
}

/** Tags split on commas, trimmed, empties dropped. */
export const parseTags = (tags: string) =>
  tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * Price and discount as numbers, stock as an integer, tags as a list.
 * Editing `product`, the stock is sent only when the admin changed it, with the stock the
 * form showed, so units sold while the form was open are never put back; the sizes likewise
 * only when the grid changed. With sizes the stock is their sum, so no stock is sent; a
 * product whose sizes were all removed gets the stock field's value.
 */
export function toProductInput(form: ProductForm, product?: Product): ProductInput {
  const sized = form.variants.length > 0;
  const hadSizes = product !== undefined && hasVariants(product);
  const stock = Math.trunc(Number(form.stock));
  const shown = product?.stock ?? undefined;
  const stockUnchanged = product !== undefined && stock === shown && !hadSizes;
  const stockFields = sized || stockUnchanged ? {} : { stock, expectedStock: shown };
  const sendSizes = product ? variantsChanged(form.variants, variantsOf(product)) : sized;
  return {
    name: form.name.trim(),
    category: form.category,
    description: form.description.trim(),
    price: Number(form.price),
    ...stockFields,
    ...(sendSizes ? { variants: toVariantInputs(form.variants) } : {}),
    discount: form.discount.trim() === '' ? 0 : Number(form.discount),
    tags: parseTags(form.tags),
    isFeatured: form.isFeatured,
    image: form.image,
  };
}
