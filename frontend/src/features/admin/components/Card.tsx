/** A titled card of a page that shows one thing in parts (an order's items, its customer, its returns). */
import type { ReactNode } from 'react';
import { admin } from '../lib/ui';

export function Card({ id, title, children, className = '' }: { id: string; title: string; children: ReactNode; className?: string }) {
  return (
    <section aria-labelledby={id} className={`${admin.card} ${className}`}>
      <h2 id={id} className="mb-4 text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
