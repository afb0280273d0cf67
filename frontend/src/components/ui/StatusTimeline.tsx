import { Trans } from '@lingui/react/macro';
import { useLanguage } from '@/i18n';
import { formatDateTime } from '@/lib/format';
import type { StatusChange } from '@/lib/types';
import { statusWord } from './StatusBadge';

/**
 * The statuses an order or a return took, oldest first, each with its date and time; with
 * `who`, also who set it (the back office), as `who` words it in the language shown ('by Sahra').
 */
export function StatusTimeline({
  history,
  label,
  who,
}: {
  history: readonly StatusChange[];
  /** The list's name for assistive tech, e.g. 'Order status history'. */
  label: string;
  /** Who set a status, the whole phrase in the language shown: 'by Sahra Admin'. */
  who?: (change: StatusChange, index: number) => string;
}) {
  useLanguage();
  if (history.length === 0) {
    return (
      <p className="text-sm text-stone-600">
        <Trans>No status changes recorded.</Trans>
      </p>
    );
  }
  return (
    <ol aria-label={label} className="relative space-y-3 border-l-2 border-stone-200 pl-4 text-sm">
      {history.map((change, i) => (
        <li key={`${change.status}-${change.at}-${i}`} className="relative" data-testid="status-step">
          <span
            aria-hidden="true"
            className={`absolute top-1.5 -left-[calc(1rem+6px)] h-2.5 w-2.5 rounded-full ring-2 ring-white ${
              i === history.length - 1 ? 'bg-brand-700' : 'bg-stone-400'
            }`}
          />
          <p className="font-semibold text-stone-900">{statusWord(change.status)}</p>
          <p className="text-stone-600">
            <time dateTime={change.at}>{formatDateTime(change.at)}</time>
            {who && <> · {who(change, i)}</>}
          </p>
        </li>
      ))}
    </ol>
  );
}
