import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { btn } from '@/components/ui/styles';

/** An icon link with its count as a badge (none at 0, '99+' above 99); `label` names both for screen readers. */
export function CountLink({
  to,
  label,
  count,
  testId,
  children,
}: {
  to: string;
  label: string;
  count: number;
  /** The badge's data-testid is `${testId}-count`. */
  testId: string;
  children: ReactNode;
}) {
  return (
    <Link to={to} className={`${btn.icon} relative`} aria-label={label}>
      {children}
      {count > 0 && (
        <span
          className="absolute -right-0.5 -top-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-brand-700 px-1 text-[11px] font-bold text-white"
          data-testid={`${testId}-count`}
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}
