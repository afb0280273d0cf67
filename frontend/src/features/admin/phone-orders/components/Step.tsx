import type { ReactNode } from 'react';
import { admin } from '../../lib/ui';

/** A part of the new order's screen, a region named by its heading. */
export function Step({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${admin.card} space-y-4`}>
      <h2 id={id} className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}
