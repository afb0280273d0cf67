import type { ReactNode } from 'react';
import { btn } from '@/components/ui/styles';
import { admin } from '../lib/ui';

/**
 * A back-office screen's title, with the button that adds to its list (e.g. 'Add New Product')
 * beside it, after the screen's other buttons (`actions`, e.g. Products' Export CSV and Import CSV).
 */
export function PageHeader({ title, add, actions }: { title: string; add?: { label: string; onClick: () => void }; actions?: ReactNode }) {
  if (!add && !actions) return <h1 className={admin.pageTitle}>{title}</h1>;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className={admin.pageTitle}>{title}</h1>
      <div className="flex flex-wrap gap-2">
        {actions}
        {add && (
          <button type="button" className={btn.primary} onClick={add.onClick}>
            {add.label}
          </button>
        )}
      </div>
    </div>
  );
}
