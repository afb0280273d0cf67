/**
 * The back-office list helper: one definition per list (definition.ts), one hook
 * (useAdminList) and the pieces every list screen draws (search, filter selects, body, pager).
 *
 *   export const ordersList = defineList<Order>()({
 *     path: '/orders/all', keys: orderKeys.admin,
 *     filters: { q: text(), status: oneOf(ORDER_STATUSES), sort: oneOf(SORTS, 'date'), dir: oneOf(SORT_DIRS, 'desc') },
 *     failure: { message: msg`Failed to load orders. Please try again.`, log: 'Failed to fetch all orders' },
 *   });
 *   const list = useAdminList(ordersList);   // list.filters, list.setFilter('status', 'shipped'), list.rows, list.total
 *   <ListFilters list={list} label={t`Filter orders`} search={…} selects={[{ filter: 'status', label: t`Status`, options }]} />
 *   <ListView list={list} label={t`Orders`} loading={t`Loading orders...`} empty={…}>{(rows) => …}</ListView>
 *
 * The screens draw the rows with lib/table's ListTable: this ListView around one DataTable.
 */
export {
  ADMIN_PAGE_SIZE,
  SORT_DIRS,
  defineList,
  oneOf,
  text,
  type FilterSpec,
  type FilterSpecs,
  type Filters,
  type ListDefinition,
  type ListFailure,
  type SortDir,
} from './definition';
export { useAdminList, useListCount, type AdminList } from './use-admin-list';
export { FilterSelect, type FilterOption } from './FilterSelect';
export { ListFilters } from './ListFilters';
export { ListView } from './ListView';
export { Pager } from '@/components/ui/Pager';
export { SearchField } from './SearchField';
