/** The pieces the back-office tables' cells share: badges, the row's action buttons, an empty value, a customer. */
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { admin } from '../ui';

/** Badge colours by meaning. */
export const tone = {
  green: 'bg-green-100 text-green-900 ring-green-300',
  blue: 'bg-blue-100 text-blue-900 ring-blue-300',
  yellow: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  orange: 'bg-orange-100 text-orange-900 ring-orange-300',
  amber: 'bg-amber-100 text-amber-950 ring-amber-400',
  red: 'bg-red-100 text-red-900 ring-red-300',
  purple: 'bg-purple-100 text-purple-900 ring-purple-300',
  grey: 'bg-stone-100 text-stone-800 ring-stone-300',
} as const;

/** A rounded status label, e.g. 'Active' in green; `testId` is what tests and journeys find it by. */
export function Badge({ colour, testId, children }: { colour: string; testId?: string; children: ReactNode }) {
  return (
    <span data-testid={testId} className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ${colour}`}>
      {children}
    </span>
  );
}

const ACTION_TONES = {
  primary: 'text-brand-800 hover:bg-brand-50',
  neutral: 'text-stone-700 hover:bg-stone-100',
  warning: 'text-amber-900 hover:bg-amber-100',
  danger: 'text-red-700 hover:bg-red-50',
} as const;

type ActionProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children' | 'type'> & {
  /** What the button says, e.g. 'Edit'. */
  label: string;
  /**
   * What it acts on, said only to screen readers ('Edit <name>'): a table has one Edit per row,
   * and each needs a name of its own.
   */
  target: string;
};

/** A button of a row: `label` shown, `target` for screen readers; `className` adds to the look (a margin, a disabled style). */
export function ActionButton({ label, target, kind, className, ...rest }: ActionProps & { kind: keyof typeof ACTION_TONES }) {
  const look = `${admin.action}${className ? ` ${className}` : ''} ${ACTION_TONES[kind]}`;
  return (
    <button type="button" className={look} {...rest}>
      {label} <span className="sr-only">{target}</span>
    </button>
  );
}

export function EditAction(props: Omit<ActionProps, 'label'>) {
  const { t } = useLingui();
  return <ActionButton label={t`Edit`} kind="primary" {...props} />;
}

export function DeleteAction(props: Omit<ActionProps, 'label'>) {
  const { t } = useLingui();
  return <ActionButton label={t`Delete`} kind="danger" {...props} />;
}

/** The action buttons of a row, side by side (wrapping when `wrap`). */
export function RowActions({ wrap = false, children }: { wrap?: boolean; children: ReactNode }) {
  return <div className={wrap ? 'flex flex-wrap gap-1' : 'flex gap-1'}>{children}</div>;
}

/** A value the row has not got: a dash on screen, 'None' to screen readers. */
export function NoValue({ className }: { className?: string }) {
  return (
    <>
      <span aria-hidden="true" className={className}>
        —
      </span>
      <span className="sr-only">
        <Trans>None</Trans>
      </span>
    </>
  );
}

/** Who placed an order or asked for a return: name over e-mail, either said to be missing. */
export function Customer({ customer }: { customer: { name?: string | null; email?: string | null } | null | undefined }) {
  const { t } = useLingui();
  return (
    <>
      <p className="font-medium text-stone-900">{customer?.name || t`Unknown`}</p>
      <p className="text-stone-600">{customer?.email || t`No email`}</p>
    </>
  );
}
