/** Admin returns (/admin/returns): a server-paged list filtered by status in the URL, and each return's next steps. */
import { useLingui } from '@lingui/react/macro';
import { EmptyState } from '@/components/ui/EmptyState';
import { useCan } from '@/lib/permissions';
import { usePageTitle } from '@/lib/use-page-title';
import { PageHeader } from '../../components/PageHeader';
import { returnsList } from '../../lib/api/return-list';
import { ListFilters, useAdminList } from '../../lib/list';
import { ListTable } from '../../lib/table';
import { RETURN_STATUS_OPTIONS } from '../list';
import { returnsTable } from './return-columns';
import { useReturnSteps } from './ReturnSteps';

export default function ReturnsPage() {
  const { t } = useLingui();
  usePageTitle(t`Returns`);
  const list = useAdminList(returnsList);
  const steps = useReturnSteps();
  const can = useCan();
  return (
    <section>
      <PageHeader title={t`Returns`} />
      <ListFilters list={list} label={t`Filter returns`} selects={[{ filter: 'status', label: t`Status`, options: RETURN_STATUS_OPTIONS }]} />
      {steps.notices}
      <ListTable
        list={list}
        name={t`Returns`}
        loading={t`Loading returns...`}
        empty={
          <EmptyState
            title={t`No returns found`}
            text={list.filters.status ? t`No return has this status.` : t`Returns customers ask for will appear here.`}
          />
        }
        {...returnsTable(steps, can('money.read'))}
      />
      {steps.dialog}
    </section>
  );
}
