/**
 * The staff home's counts of the work waiting for the person: orders to dispatch (for whoever
 * dispatches), orders awaiting payment (for whoever reads orders) and the returns waiting for
 * staff, by their step (for whoever handles returns), each a link to its list filtered so. Only
 * those the person's permissions allow are drawn, and only theirs are asked for. Each number is
 * the server's list count (the `X-Total-Count` of a one-row page, as the lists' notices read it).
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { btn } from '@/components/ui/styles';
import { useCan, type Permission } from '@/lib/permissions';
import type { ReturnStatus } from '@/lib/types';
import { dispatchList } from '../../lib/api/dispatch';
import { ordersList } from '../../lib/api/order-list';
import { returnsList } from '../../lib/api/return-list';
import { useListCount } from '../../lib/list';
import { admin, formatCount } from '../../lib/ui';

/** The returns waiting for staff: to approve or reject, to receive once back, to refund once received. */
const RETURN_STEPS: readonly { status: Extract<ReturnStatus, 'requested' | 'approved' | 'received'>; label: MessageDescriptor }[] = [
  { status: 'requested', label: msg`Returns to approve` },
  { status: 'approved', label: msg`Returns to receive` },
  { status: 'received', label: msg`Returns to refund` },
];

/** One count of the work: what is counted, where its list is, and the count's query. */
interface Work {
  key: string;
  needs: Permission;
  label: MessageDescriptor;
  to: string;
  useCount: () => UseQueryResult<number>;
}

const WORK: readonly Work[] = [
  {
    key: 'toDispatch',
    needs: 'deliveries.dispatch',
    label: msg`Orders to dispatch`,
    // The Deliveries screen opens on its To dispatch tab.
    to: '/admin/deliveries',
    useCount: () => useListCount(dispatchList, { status: 'toDispatch' }),
  },
  {
    key: 'awaiting',
    needs: 'orders.read',
    label: msg`Orders awaiting payment`,
    to: '/admin/orders?paymentStatus=awaiting',
    useCount: () => useListCount(ordersList, { paymentStatus: 'awaiting' }),
  },
  ...RETURN_STEPS.map(({ status, label }) => ({
    key: `returns-${status}`,
    needs: 'returns.manage' as const,
    label,
    to: `/admin/returns?status=${status}`,
    useCount: () => useListCount(returnsList, { status }),
  })),
];

export function WorkCounts() {
  const can = useCan();
  const mine = WORK.filter((w) => can(w.needs));
  if (mine.length === 0) return null;
  return (
    <section aria-labelledby="your-work" className="mt-6">
      <h2 id="your-work" className="text-lg font-semibold">
        <Trans>Your work</Trans>
      </h2>
      <ul className="mt-3 grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {mine.map((work) => (
          <WorkCount key={work.key} work={work} />
        ))}
      </ul>
    </section>
  );
}

function WorkCount({ work }: { work: Work }) {
  const { t, i18n } = useLingui();
  const count = work.useCount();
  const label = i18n._(work.label);
  return (
    <li className={`${admin.card} flex flex-col gap-2`} data-testid="work-count">
      <Link to={work.to} className="group -m-2 flex min-h-11 flex-col rounded-lg p-2 hover:bg-stone-50">
        <span className="text-3xl font-bold tabular-nums text-stone-900" data-testid="work-count-number">
          {count.data !== undefined ? (
            formatCount(count.data)
          ) : (
            <>
              <span aria-hidden="true">—</span>
              <span className="sr-only">{count.isError ? t`Not counted` : t`Counting`}</span>
            </>
          )}
        </span>{' '}
        <span className="font-semibold text-brand-800 group-hover:underline">{label}</span>
      </Link>
      {count.isError && count.data === undefined && (
        <div role="alert" className="flex flex-wrap items-center justify-between gap-2 text-sm text-red-900">
          <span>{t`Could not count them.`}</span>
          <button type="button" className={btn.secondary} onClick={() => void count.refetch()}>
            <Trans>Try Again</Trans> <span className="sr-only">{label}</span>
          </button>
        </div>
      )}
    </li>
  );
}
