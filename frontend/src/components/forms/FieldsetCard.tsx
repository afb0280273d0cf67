import type { ReactNode } from 'react';

/** A part of a form drawn as a card (the checkout's address, a payment): named by its legend for assistive tech, by a heading on screen. */
export function FieldsetCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-6">
      <legend className="sr-only">{title}</legend>
      <h2 className="mb-4 text-lg font-bold" aria-hidden="true">
        {title}
      </h2>
      {children}
    </fieldset>
  );
}
