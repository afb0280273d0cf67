/** Admin returns (/admin/returns): a server-paged list filtered by status in the URL, and each return's next steps. */
import { EmptyState } from '@/components/ui/EmptyState';
import { usePageTitle } from '@/lib/use-page-title';
import { PageHeader } from '../../components/PageHeader';
import { ListFilters, useAdminList } from '../../lib/list';
import { ListTable } from '../../lib/table';
import { RETURN_STATUS_OPTIONS, returnsList } from '../list';
import { returnsTable } from './return-columns';
import { useReturnSteps } from './ReturnSteps';

export default function ReturnsPage() {
  usePageTitle('Returns');
  const list = useAdminList(returnsList);
  const steps = useReturnSteps();
  return (
    <section>
      <PageHeader title="Returns" />
      <ListFilters list={list} label="Filter returns" selects={[{ filter: 'status', label: 'Status', options: RETURN_STATUS_OPTIONS }]} />
      {steps.notices}
      <ListTable
        list={list}
        name="Returns"
        loading="Loading returns..."
        empty={
          <EmptyState
            title="No returns found"
            text={list.filters.status ? 'No return has this status.' : 'Returns customers ask for will appear here.'}
          />
        }
        {...returnsTable(steps)}
      />
      {steps.dialog}
    </section>
  );
}
