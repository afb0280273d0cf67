import { useSearchParams } from 'react-router';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ProfilePanel } from '@/features/users/components/ProfilePanel';
import { OrderHistory } from '@/features/orders/components/OrderHistory';
import { useSession } from '@/stores/session';
import { useLogout } from '../hooks';
import { usePageTitle } from '@/lib/use-page-title';

const TABS = [
  { key: 'profile', label: msg`Profile` },
  { key: 'orders', label: msg`Orders` },
] as const;

/** Account page: Profile and Orders tabs (the tab is kept in ?tab= so links can open Orders). */
export function ProfileRoute() {
  const { t, i18n } = useLingui();
  usePageTitle(t`My Account`);
  const user = useSession((s) => s.user);
  const logout = useLogout();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'orders' ? 'orders' : 'profile';
  if (!user) return null;

  const select = (key: string) => setParams(key === 'orders' ? { tab: 'orders' } : {}, { replace: true });

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <div className="flex items-center gap-4">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-2xl font-bold text-white">
          {(user.name || '?').charAt(0).toUpperCase()}
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold tracking-tight">
            <Trans>My Account</Trans>
          </h1>
          <p className="truncate text-stone-600">{user.email}</p>
        </div>
      </div>
      <div role="tablist" aria-label={t`Account`} className="mt-6 flex gap-2 border-b border-stone-200">
        {TABS.map((item) => (
          <button
            key={item.key}
            id={`tab-${item.key}`}
            role="tab"
            type="button"
            aria-selected={tab === item.key}
            aria-controls={`panel-${item.key}`}
            onClick={() => select(item.key)}
            onKeyDown={(e) => {
              if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
                const next = tab === 'profile' ? 'orders' : 'profile';
                select(next);
                document.getElementById(`tab-${next}`)?.focus();
              }
            }}
            tabIndex={tab === item.key ? 0 : -1}
            className={`-mb-px border-b-2 px-4 py-2.5 font-semibold ${
              tab === item.key ? 'border-brand-700 text-brand-800' : 'border-transparent text-stone-600 hover:text-stone-900'
            }`}
          >
            {i18n._(item.label)}
          </button>
        ))}
      </div>
      <div
        id={`panel-${tab}`}
        role="tabpanel"
        aria-labelledby={`tab-${tab}`}
        className="mt-6 rounded-2xl bg-white p-5 ring-1 ring-stone-200 sm:p-6"
      >
        {tab === 'profile' ? <ProfilePanel key={user._id} user={user} onSignOut={logout} /> : <OrderHistory />}
      </div>
    </div>
  );
}
