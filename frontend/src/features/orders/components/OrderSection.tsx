import type { ReactNode } from 'react';

/** A card of the order's page, named by its heading. */
export function OrderSection({
  id,
  title,
  children,
  className = '',
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-6 ${className}`}>
      <h2 id={id} className="mb-4 text-lg font-bold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
