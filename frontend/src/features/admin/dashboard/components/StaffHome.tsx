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
import { useCan } from '@/lib/permissions';
import { usePageTitle } from '@/lib/use-page-title';
import { useSession } from '@/stores/session';
import type { AdminLink } from '../../lib/links';
import { ROLE_NAMES } from '../../lib/names';
import { admin } from '../../lib/ui';
import { WorkCounts } from './WorkCounts';

/** `links`: the sidebar's (the pages the person may open), each with what it is for. */
export default function StaffHome({ links }: { links: readonly AdminLink[] }) {
  const { t, i18n } = useLingui();
  usePageTitle(t`Home`);
  const user = useSession((s) => s.user);
  const name = user?.name ?? '';
  const role = user ? ROLE_NAMES[user.role] : '';
  const can = useCan();
  const screens: { to: string; label: string; text?: MessageDescriptor }[] = links
    .filter((link) => link.page !== '')
    .map((link) => ({ to: link.to, label: i18n._(link.label), text: link.text }));
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
