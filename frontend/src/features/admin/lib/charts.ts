/** Colours of the order statuses in charts: the badge colours of SPEC.md (yellow, blue, green, red). */
export const STATUS_COLORS: Record<string, string> = {
  pending: '#ca8a04',
  shipped: '#2563eb',
  delivered: '#16a34a',
  canceled: '#dc2626',
};
export const OTHER_COLOR = '#78716c';
export const BRAND = '#be185d';
