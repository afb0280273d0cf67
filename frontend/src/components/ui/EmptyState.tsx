import type { ReactNode } from 'react';

/**
 * A message where content would be (nothing found, an empty cart). `level` 1 when it is the
 * whole page (a not-found page, an empty cart): its title is then the page's one h1.
 */
export function EmptyState({
  title,
  text,
  action,
  icon,
  level = 2,
}: {
  title: string;
  text?: string;
  action?: ReactNode;
  icon?: ReactNode;
  level?: 1 | 2;
}) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      {icon && <div className="text-brand-300">{icon}</div>}
      <Heading className="text-xl font-semibold text-stone-900">{title}</Heading>
      {text && <p className="text-stone-600">{text}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
