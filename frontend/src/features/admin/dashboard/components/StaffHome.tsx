/**
 * The back office's home for staff who do not read reports (an order handler, a stock keeper, a
 * rider): instead of the dashboard's figures (GET /api/admin/stats, which their role may not
 * ask for), a greeting, their role, the counts of the work waiting for them (`WorkCounts`: to
 * dispatch, awaiting payment, returns to handle, as their permissions allow), and a link to
 * each screen they may use: whoever delivers
 * (`deliveries.own`) also gets their phone screen, /deliveries. A role with no screen yet is told
 * so, with no link that would be refused.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import type { AdminPageName } from '@/lib/admin-paths';
import { useCan } from '@/lib/permissions';
import { usePageTitle } from '@/lib/use-page-title';
import { useSession } from '@/stores/session';
import { useAdminLinks } from '../../components/AdminLayout';
import { admin } from '../../lib/ui';
import { ROLE_NAMES } from '../../users/list';
import { WorkCounts } from './WorkCounts';

/** What each screen is for, under its link. */
const SCREEN_TEXTS: Partial<Record<AdminPageName, MessageDescriptor>> = {
  products: msg`Add and edit products, and their stock by size`,
  restock: msg`The sold-out sizes shoppers wait for: what to reorder`,
  orders: msg`Review orders and update their status`,
  deliveries: msg`Send orders out with riders and print their run sheets`,
  ridersCash: msg`The cash each rider collected, and marking it handed in`,
  users: msg`Customers, staff and their roles`,
  discounts: msg`Discount codes for sales`,
  returns: msg`Approve, receive and refund returns`,
  reviews: msg`Hide, show or delete customers' reviews`,
  notifications: msg`The e-mails and SMS the shop sends`,
  delivery: msg`The places the shop delivers to, their fees and delivery times`,
  settings: msg`The shop's name, contacts and shipping fee`,
  payments: msg`Every payment tried, and the late money and other amounts to check`,
  reports: msg`Sales, orders and top products`,
};

export default function StaffHome() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Home`);
  const user = useSession((s) => s.user);
  const name = user?.name ?? '';
  const role = user ? ROLE_NAMES[user.role] : '';
  const can = useCan();
  const screens: { to: string; label: string; text?: MessageDescriptor }[] = useAdminLinks()
    .filter((link) => link.page !== '')
    .map((link) => ({ to: link.to, label: link.label, text: SCREEN_TEXTS[link.page] }));
  if (can('deliveries.own')) {
    screens.unshift({ to: '/deliveries', label: t`My deliveries`, text: msg`Your deliveries of the day, on your phone` });
  }

  return (
    <section>
      <h1 className={admin.pageTitle}>
        <Trans>Home</Trans>
      </h1>
      <p className="mt-1 text-stone-600">
        <Trans>Welcome back, {name}!</Trans>
      </p>
      <p className="mt-1 text-stone-600" data-testid="staff-role">
        <Trans>
          Your role: <strong className="font-semibold text-stone-900">{role}</strong>
        </Trans>
      </p>
      <WorkCounts />
      {screens.length === 0 ? (
        <div className={`${admin.card} mt-6`}>
          <h2 className="text-lg font-semibold">
            <Trans>Nothing here for your role yet</Trans>
          </h2>
          <p className="mt-1 text-stone-700">
            <Trans>The back office has no screen for your role yet. The shop's admin will tell you when yours are ready.</Trans>
          </p>
        </div>
      ) : (
        <section aria-labelledby="your-screens" className="mt-6">
          <h2 id="your-screens" className="text-lg font-semibold">
            <Trans>Your screens</Trans>
          </h2>
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {screens.map((link) => {
              const text = link.text;
              return (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="block h-full rounded-xl bg-white p-5 shadow-sm ring-1 ring-stone-200 transition hover:ring-brand-300"
                  >
                    <span className="block font-semibold text-brand-800">{link.label}</span>
                    {text && <span className="mt-1 block text-sm text-stone-600">{i18n._(text)}</span>}
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </section>
  );
}
