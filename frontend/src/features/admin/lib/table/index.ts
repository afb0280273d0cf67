/**
 * The back-office table: one DataTable drawn from column definitions (`columnsOf`), the cells
 * the lists share, and ListTable, a list's page of rows (lib/list) in that table.
 *
 *   const column = columnsOf<User>();
 *   const columns = [column(t`Joined`, (u) => formatShortDate(u.createdAt), nowrap), …];   // built when drawn: headings in the language shown
 *   <ListTable list={list} name={t`Users`} loading={t`Loading users...`} empty={…} columns={columns} rowProps={…} />
 *
 * Under 640 px the rows are cards drawn from the same columns: each column's `phone` ('title',
 * 'aside', 'line' by default, 'actions', 'hidden') says where it goes on them, e.g.
 * `column(t`Order ID`, …, { phone: 'title' })`, `column(t`Actions`, …, { phone: 'actions' })`.
 */
export { DataTable, columnsOf, type PhoneReading, type TableFooter } from './DataTable';
export { PHONE_QUERY, usePhoneWidth } from './use-phone-width';
export { ListTable } from './ListTable';
export { ActionButton, Badge, Customer, DeleteAction, EditAction, NoValue, RowActions, tone } from './cells';

/** A cell that keeps its text on one line. */
export const nowrap = { td: 'whitespace-nowrap' };
