/** The admin product form: its state, the checks of SPEC.md section 5, and the payload. */
import type { Product, ProductInput } from '@/lib/types';

export const PRODUCT_CATEGORIES = ['women', 'kids', 'sales'] as const;

export type ProductField = 'name' | 'category' | 'description' | 'price' | 'stock' | 'discount' | 'tags' | 'image';
export type ProductErrors = Partial<Record<ProductField, string>>;
export const PRODUCT_FIELDS: readonly ProductField[] = ['name', 'category', 'description', 'price', 'stock', 'discount', 'tags', 'image'];

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
});

const num = (s: string) => (s.trim() === '' ? NaN : Number(s));

export function validateProductForm(form: ProductForm): ProductErrors {
  const errors: ProductErrors = {};
  if (!form.name.trim()) errors.name = 'Product name is required';
  if (!form.description.trim()) errors.description = 'Description is required';
  const price = num(form.price);
  if (!(price > 0)) errors.price = 'Valid price is required';
  const stock = num(form.stock);
  if (!(stock >= 0) || !Number.isInteger(stock)) errors.stock = 'Valid stock quantity is required';
  const discount = form.discount.trim() === '' ? 0 : Number(form.discount);
  if (!(discount >= 0 && discount <= 100)) errors.discount = 'Discount must be between 0 and 100';
  return errors;
}

/** Tags split on commas, trimmed, empties dropped. */
export const parseTags = (tags: string) =>
  tags
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * Price and discount as numbers, stock as an integer, tags as a list (SPEC.md section 5).
 * Editing `product`, the stock is sent only when the admin changed it, with the stock the
 * form showed, so units sold while the form was open are never put back.
 */
export function toProductInput(form: ProductForm, product?: Product): ProductInput {
  const stock = Math.trunc(Number(form.stock));
  const shown = product?.stock ?? undefined;
  const stockFields = product !== undefined && stock === shown ? {} : { stock, expectedStock: shown };
  return {
    name: form.name.trim(),
    category: form.category,
    description: form.description.trim(),
    price: Number(form.price),
    ...stockFields,
    discount: form.discount.trim() === '' ? 0 : Number(form.discount),
    tags: parseTags(form.tags),
    isFeatured: form.isFeatured,
    image: form.image,
  };
}
