/**
 * The shop's usual sizes, spelled once: the storefront's size filter ('Show only my size')
 * offers them, and the admin's size grid fills them in.
 */

export const WOMEN_SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL'] as const;

export const KIDS_SIZES = [
  '2-3Y',
  '3-4Y',
  '4-5Y',
  '5-6Y',
  '6-7Y',
  '7-8Y',
  '8-9Y',
  '9-10Y',
  '10-11Y',
  '11-12Y',
  '12-13Y',
] as const;

export const ALL_SIZES: readonly string[] = [...WOMEN_SIZES, ...KIDS_SIZES];

/** A named list of usual sizes (the admin's quick-fill buttons). */
export interface SizePreset {
  /** For whom, e.g. 'Women'. */
  name: string;
  sizes: readonly string[];
}

export const SIZE_PRESETS: readonly SizePreset[] = [
  { name: 'Women', sizes: WOMEN_SIZES },
  { name: 'Kids', sizes: KIDS_SIZES },
];

/** The sizes a list of products can be narrowed to: women's or kids' in their category, all of them elsewhere (sales, search, every product). */
export function sizesFor(category: string | undefined): readonly string[] {
  if (category === 'women') return WOMEN_SIZES;
  if (category === 'kids') return KIDS_SIZES;
  return ALL_SIZES;
}

/** The address parameter (and the API's) of a list narrowed to one size: `?size=M`. */
export const SIZE_PARAM = 'size';

/**
 * The size a list's address (`?size=M`) narrows it to, when it is one the list offers; undefined
 * otherwise (no filter). The page, its route's prefetch and the early request all read it here.
 */
export function sizeFilterOf(params: URLSearchParams, category?: string): string | undefined {
  const raw = params.get(SIZE_PARAM);
  return sizesFor(category).find((s) => s === raw);
}
