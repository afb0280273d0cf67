/** Admin returns (/admin/returns): a server-paged list filtered by status in the URL, and each return's next steps. */
import { EmptyState } from '@/components/ui/EmptyState';
import { usePageTitle } from '@/lib/use-page-title';
import { FilterBar } from '../../components/FilterBar';
import { FilterSelect, ListView, useAdminList } from '../../lib/list';
import { admin } from '../../lib/ui';
import { RETURN_STATUS_OPTIONS, returnsList } from '../list';
import { useReturnSteps } from './ReturnSteps';
import { ReturnsTable } from './ReturnsTable';

export default function ReturnsPage() {
  usePageTitle('Returns');
  const list = useAdminList(returnsList);
  const steps = useReturnSteps();
  return (
    <section>
      <h1 className={admin.pageTitle}>Returns</h1>
      <FilterBar label="Filter returns">
        <FilterSelect label="Status" value={list.filters.status} options={RETURN_STATUS_OPTIONS} onChange={(v) => list.setFilter('status', v)} />
      </FilterBar>
      {steps.notices}
      <ListView
        list={list}
        label="Returns"
        loading="Loading returns..."
        empty={
          <EmptyState
            title="No returns found"
            text={list.filters.status ? 'No return has this status.' : 'Returns customers ask for will appear here.'}
          />
        }
      >
        {(rows) => <ReturnsTable returns={rows} steps={steps} />}
      </ListView>
      {steps.dialog}
    </section>
  );
}
