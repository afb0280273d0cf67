import type { ComponentProps, ReactNode } from 'react';
import { ListView, type AdminList, type FilterSpecs } from '../list';
import { DataTable } from './DataTable';

/**
 * A back-office list drawn as a table: the page's rows (ListView's loading, failure, empty text
 * and pager around them) in the DataTable `columns` define. `name` names both the table and its
 * pager ('<name> pages').
 */
export function ListTable<Row extends { _id: string }, S extends FilterSpecs>({
  list,
  loading,
  empty,
  ...table
}: {
  list: AdminList<Row, S>;
  loading: string;
  empty: ReactNode;
} & Omit<ComponentProps<typeof DataTable<Row>>, 'rows' | 'getRowId'>) {
  return (
    <ListView list={list} label={table.name} loading={loading} empty={empty}>
      {(rows) => <DataTable rows={rows} getRowId={rowId} {...table} />}
    </ListView>
  );
}

const rowId = (row: { _id: string }) => row._id;
