/**
 * Admin restock requests (/admin/restock-requests, `products.manage`): the sold-out sizes shoppers
 * asked to be told about, the most requested first, paged by the server (`?page=` in the URL).
 * Each is answered by itself when its stock returns (an edit, an import, a cancel, a return
 * received): the shoppers get their message and the size leaves this list.
 */
import { useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/components/ui/EmptyState';
import { usePageTitle } from '@/lib/use-page-title';
import { PageHeader } from '../../components/PageHeader';
import { ListView, useAdminList } from '../../lib/list';
import { DataTable } from '../../lib/table';
import { demandId, restockList } from '../list';
import { restockTable } from './restock-columns';

export default function RestockRequestsPage() {
  const { t } = useLingui();
  usePageTitle(t`Restock requests`);
  const list = useAdminList(restockList);
  const name = t`Restock requests`;
  return (
    <section>
      <PageHeader title={name} />
      <p className="mt-1 text-sm text-stone-600">
        {t`Sold-out sizes shoppers asked to be told about, the most requested first: what to reorder. When a size is back in stock, each of them gets one message and the size leaves this list.`}
      </p>
      <ListView
        list={list}
        label={name}
        loading={t`Loading restock requests...`}
        empty={<EmptyState title={t`No one is waiting`} text={t`Sizes shoppers ask to be told about when they are back will appear here.`} />}
      >
        {(rows) => <DataTable name={name} rows={rows} getRowId={demandId} {...restockTable()} />}
      </ListView>
    </section>
  );
}
