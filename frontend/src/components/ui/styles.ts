/**
 * Shared class names for buttons and fields (Tailwind). Every button is at least 44 × 44 CSS px
 * (`min-h-11`, icons `h-11 w-11`), whatever padding or text size a screen gives it: a tap target
 * a thumb can hit (WCAG 2.5.5).
 */
/** A button busy with its request: aria-disabled (it keeps focus) and drawn as waiting. */
export const BUSY = 'aria-disabled:cursor-wait aria-disabled:opacity-60';

export const btn = {
  primary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-semibold text-white shadow-sm transition hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:bg-stone-400',
  secondary:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg border border-stone-300 bg-white px-4 py-2.5 font-semibold text-stone-800 transition hover:bg-stone-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-50',
  ghost:
    'inline-flex min-h-11 items-center justify-center gap-2 rounded-lg px-3 py-2 font-medium text-stone-700 transition hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700',
  icon:
    'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full text-stone-700 transition hover:bg-stone-100 focus-visible:outline-2 focus-visible:outline-brand-700 disabled:opacity-40 disabled:cursor-not-allowed',
};

export const field = {
  label: 'mb-1 block text-sm font-medium text-stone-800',
  input:
    'block min-h-11 w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-stone-900 placeholder:text-stone-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-600',
  error: 'mt-1 text-sm text-red-700',
  hint: 'mt-1 text-sm text-stone-600',
};
