import { btn } from '@/components/ui/styles';
import { admin } from '../lib/ui';

/** A back-office screen's title, with the button that adds to its list (e.g. 'Add New Product') beside it. */
export function PageHeader({ title, add }: { title: string; add?: { label: string; onClick: () => void } }) {
  if (!add) return <h1 className={admin.pageTitle}>{title}</h1>;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <h1 className={admin.pageTitle}>{title}</h1>
      <button type="button" className={btn.primary} onClick={add.onClick}>
        {add.label}
      </button>
    </div>
  );
}
