import type { ReactNode } from 'react';

export function EmptyState({
  title,
  text,
  action,
  icon,
}: {
  title: string;
  text?: string;
  action?: ReactNode;
  icon?: ReactNode;
}) {
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      {icon && <div className="text-brand-300">{icon}</div>}
      <h2 className="text-xl font-semibold text-stone-900">{title}</h2>
      {text && <p className="text-stone-600">{text}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
