/** The product form's size grid: its rows as typed, the checks the server makes, and the `variants` it sends. */
import { t } from '@lingui/core/macro';
import type { Variant, VariantInput } from '@/lib/types';
import { parseStock } from '@/lib/validation';

export interface VariantRow {
  /** The row's identity on screen: the variant's id, or a made-up one for a new size. */
  key: string;
  /** The variant this row keeps; none for a new size. */
  _id?: string;
  size: string;
  colour: string;
  sku: string;
  stock: string;
  /** The stock the grid was opened with (kept sizes): the server keeps what sold since unless the admin changed it. */
  shownStock?: number;
}

export type VariantField = 'size' | 'colour' | 'sku' | 'stock';

let newRows = 0;

/** A new size; its stock starts at 0. */
export function newVariantRow(size = ''): VariantRow {
  newRows += 1;
  return { key: `new-${newRows}`, size, colour: '', sku: '', stock: '0' };
}

export const variantRowsFrom = (variants: readonly Variant[]): VariantRow[] =>
  variants.map((v) => ({ key: v._id, _id: v._id, size: v.size, colour: v.colour ?? '', sku: v.sku, stock: String(v.stock), shownStock: v.stock }));

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Adds, at the end and in their order, the `sizes` no row has yet. */
export function withSizes(rows: readonly VariantRow[], sizes: readonly string[]): VariantRow[] {
  const missing = sizes.filter((s) => !rows.some((r) => sameText(r.size, s)));
  return [...rows, ...missing.map((s) => newVariantRow(s))];
}

/** The rows (sizes, or a colour's pictures) with row `index` moved one place up (-1) or down (+1). */
export function moveRow<T>(rows: readonly T[], index: number, by: -1 | 1): T[] {
  const to = index + by;
  if (to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  [next[index], next[to]] = [next[to], next[index]];
  return next;
}

/** What an SKU may be made of (the server's rule). */
const SKU = /^[\p{L}\p{N}._/-]+$/u;

/** What is wrong with the grid, in the server's words (in the language shown), and where. */
export interface VariantProblem {
  message: string;
  row: number;
  field: VariantField;
}

/**
 * The first problem the server would answer 400 for, row by row; undefined when there is none.
 * Sizes and colours are compared without regard to case, as are SKUs.
 */
export function variantProblem(rows: readonly VariantRow[]): VariantProblem | undefined {
  for (const [row, r] of rows.entries()) {
    const size = r.size.trim();
    const colour = r.colour.trim();
    const sku = r.sku.trim();
    if (!size) return { message: t`Each size needs a name`, row, field: 'size' };
    if (Number.isNaN(parseStock(r.stock))) {
      const message = colour
        ? t`Stock of size ${size} in ${colour} must be a whole number of 0 or more`
        : t`Stock of size ${size} must be a whole number of 0 or more`;
      return { message, row, field: 'stock' };
    }
    if (sku && !SKU.test(sku)) return { message: t`An SKU may only contain letters, digits and - _ . /`, row, field: 'sku' };
    const earlier = rows.slice(0, row);
    if (earlier.some((e) => sameText(e.size, size) && sameText(e.colour, colour))) {
      return { message: colour ? t`Size ${size} in ${colour} is listed twice` : t`Size ${size} is listed twice`, row, field: 'size' };
    }
    if (sku && earlier.some((e) => sameText(e.sku, sku))) return { message: t`SKU ${sku} is used twice`, row, field: 'sku' };
  }
  return undefined;
}

/** The grid as the server takes it: trimmed, a blank colour or SKU left out, stock a number. */
export function toVariantInputs(rows: readonly VariantRow[]): VariantInput[] {
  return rows.map((r) => {
    const colour = r.colour.trim();
    const sku = r.sku.trim();
    return {
      ...(r._id ? { _id: r._id } : {}),
      size: r.size.trim(),
      ...(colour ? { colour } : {}),
      ...(sku ? { sku } : {}),
      stock: parseStock(r.stock),
      ...(r._id && r.shownStock !== undefined ? { expectedStock: r.shownStock } : {}),
    };
  });
}

/** Whether the grid differs from the product's variants (what an edit must send). */
export const variantsChanged = (rows: readonly VariantRow[], variants: readonly Variant[]): boolean =>
  JSON.stringify(toVariantInputs(rows)) !== JSON.stringify(toVariantInputs(variantRowsFrom(variants)));
