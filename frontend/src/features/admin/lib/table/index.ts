/**
 * The back-office table: one DataTable drawn from column definitions (`columnsOf`), the cells
 * the lists share, and ListTable, a list's page of rows (lib/list) in that table.
 *
 *   const column = columnsOf<User>();
 *   const columns = [column(t`Joined`, (u) => formatShortDate(u.createdAt), nowrap), …];   // built when drawn: headings in the language shown
 *   <ListTable list={list} name={t`Users`} loading={t`Loading users...`} empty={…} columns={columns} rowProps={…} />
 */
export { DataTable, columnsOf } from './DataTable';
export { ListTable } from './ListTable';
export { ActionButton, Badge, Customer, DeleteAction, EditAction, NoValue, RowActions, tone } from './cells';

/** A cell that keeps its text on one line. */
export const nowrap = { td: 'whitespace-nowrap' };
