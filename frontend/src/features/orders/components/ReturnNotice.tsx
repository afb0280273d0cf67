import type { Ref } from 'react';
import { Trans } from '@lingui/react/macro';
import { btn } from '@/components/ui/styles';
import { useLanguage } from '@/i18n';
import { formatLongDate } from '@/lib/format';
import type { OrderDetail } from '@/lib/types';

/** Until when a return can be asked for and the button that opens the form, or why it cannot (the server's reason). */
export function ReturnNotice({
  order,
  open,
  onOpen,
  buttonRef,
}: {
  order: OrderDetail;
  open: boolean;
  onOpen: () => void;
  buttonRef: Ref<HTMLButtonElement>;
}) {
  useLanguage();
  const until = formatLongDate(order.returnableUntil);
  const { allowed, reason } = order.returnable;
  if (allowed) {
    return (
      <div className="flex flex-col gap-3 rounded-xl bg-emerald-50 p-4 text-emerald-950 ring-1 ring-emerald-200 sm:flex-row sm:items-center sm:justify-between">
        <p>
          <Trans>Returns are possible until {until}</Trans>
        </p>
        <button ref={buttonRef} type="button" className={btn.primary} aria-expanded={open} aria-controls="return-form" onClick={onOpen}>
          <Trans>Return items</Trans>
        </button>
      </div>
    );
  }
  return reason ? <p className="text-stone-700">{reason}</p> : null;
}
