import { useEffect, useRef } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useDismiss } from '@/lib/use-dismiss';
import { useOpenUntilNavigation } from '@/lib/use-open-until-navigation';
import { useSession } from '@/stores/session';
import { AccountLinks } from './AccountLinks';

/** The signed-in shopper's avatar button and its menu: who is signed in, and the account's links. */
export function AccountMenu() {
  const user = useSession((s) => s.user);
  const [open, setOpen] = useOpenUntilNavigation();
  const ref = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { t } = useLingui();

  useEffect(() => {
    if (open) ref.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);
  useDismiss(open, setOpen, buttonRef, ref);

  if (!user) return null;
  const initial = (user.name || user.email || '?').charAt(0).toUpperCase();
  return (
    <div className="relative" ref={ref}>
      <button
        ref={buttonRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t`Account menu for ${{ name: user.name }}`}
        onClick={() => setOpen((o) => !o)}
        className="flex h-11 w-11 items-center justify-center rounded-full bg-brand-700 font-semibold text-white hover:bg-brand-800"
      >
        {initial}
      </button>
      {open && (
        <div
          role="menu"
          className="absolute right-0 z-50 mt-2 w-60 overflow-hidden rounded-xl border border-stone-200 bg-white shadow-lg"
        >
          <div className="border-b border-stone-100 px-4 py-3">
            <p className="truncate font-semibold text-stone-900">{user.name}</p>
            <p className="truncate text-sm text-stone-600">{user.email}</p>
          </div>
          <AccountLinks
            role="menuitem"
            link="block px-4 py-2.5 hover:bg-stone-50"
            logout="block w-full px-4 py-2.5 text-left text-red-700 hover:bg-red-50"
          />
        </div>
      )}
    </div>
  );
}
