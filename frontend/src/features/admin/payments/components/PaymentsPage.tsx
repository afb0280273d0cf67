/**
 * Payments (/admin/payments, `money.read`): every charge the shop started (a checkout's, a phone
 * order's payment request, a payment link's), newest first, paged by the server, with its state,
 * filter, method and search in the URL. 'Needs attention' lists the money an admin must look at:
 * paid after its order closed (being refunded), another amount than asked, a refund that failed.
 * 'Reconciliation' opens a day's totals per provider (ReconciliationPage).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { EmptyState } from '@/components/ui/EmptyState';
import { btn } from '@/components/ui/styles';
import { usePageTitle } from '@/lib/use-page-title';
import { PageHeader } from '../../components/PageHeader';
import { ListFilters, useAdminList } from '../../lib/list';
import { ListTable } from '../../lib/table';
import { paymentsList, RECONCILIATION_PAGE, STATE_OPTIONS, useMethodOptions } from '../list';
import { paymentsTable } from './payment-columns';

export default function PaymentsPage() {
  const { t } = useLingui();
  usePageTitle(t`Payments`);
  const list = useAdminList(paymentsList);
  const methodOptions = useMethodOptions();
  const name = t`Payments`;
  return (
    <section>
      <PageHeader
        title={name}
        actions={
          <Link to={RECONCILIATION_PAGE} className={btn.secondary}>
            <Trans>Reconciliation</Trans>
          </Link>
        }
      />
      <p className="mt-1 text-sm text-stone-600">
        {t`Every payment the shop asked for, newest first, followed until its provider answers. Money paid after its order closed goes back by itself; another amount than asked, and a refund that failed, wait for you.`}
      </p>
      <ListFilters
        list={list}
        label={t`Filter payments`}
        search={{ label: t`Search payments`, placeholder: t`Order ID, payer's number or transaction` }}
        selects={[
          { filter: 'state', label: t`State`, options: STATE_OPTIONS },
          { filter: 'method', label: t`Method`, options: methodOptions },
        ]}
      />
      <ListTable
        list={list}
        name={name}
        loading={t`Loading payments...`}
        empty={<EmptyState title={t`No payments found`} text={t`Try adjusting your search or filters`} />}
        {...paymentsTable()}
      />
    </section>
  );
}
