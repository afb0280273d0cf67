/**
 * The one table of the back office: it draws the <table> from TanStack column definitions
 * (Medusa's admin `DataTable` is the model). The server filters, sorts and pages the lists, so
 * the table only lays out the rows it is given.
 */
import { Fragment, type HTMLAttributes, type ReactNode, type TdHTMLAttributes } from 'react';
import { useLingui } from '@lingui/react/macro';
import { getCoreRowModel, useReactTable, type ColumnDef, type Row as TableRow, type RowData } from '@tanstack/react-table';
import { admin } from '../ui';

/** `data-testid` and the like, which JSX allows on any element but the DOM attribute types leave out. */
type DataAttributes = { [name: `data-${string}`]: string | undefined };
type CellAttributes = Omit<TdHTMLAttributes<HTMLTableCellElement>, 'className'> & DataAttributes;
type RowAttributes = HTMLAttributes<HTMLTableRowElement> & DataAttributes;

declare module '@tanstack/react-table' {
  // The names of the type parameters are TanStack's: an augmentation must repeat them.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes added to the column's heading (a width, a breakpoint). */
    th?: string;
    /** Classes added to each of its cells. */
    td?: string;
    /** Other attributes of a cell (a title, a test id). */
    cell?: (row: TData) => CellAttributes;
  }
}

/**
 * The columns of a table of `Row`s, each drawn from the whole row:
 * `const column = columnsOf<Order>();  column(t`Total`, (o) => formatPrice(o.totalAmount), { td: 'font-semibold' })`.
 * The heading is the column's id; the cell also gets TanStack's row (its expanded state).
 */
export function columnsOf<Row>() {
  return (
    header: string,
    cell: (row: Row, tableRow: TableRow<Row>) => ReactNode,
    meta?: ColumnDef<Row>['meta'],
  ): ColumnDef<Row> => ({ header, cell: ({ row }) => cell(row.original, row), meta });
}

/** Cells padded like the others but narrower at the sides: for a list that must fit beside the sidebar at 1280 px. */
const dense = { th: admin.th.replace('px-4', 'px-3'), td: admin.td.replace('px-4', 'px-3') };

/**
 * A heading or cell template drawn by calling it. TanStack's flexRender mounts a function as a
 * component; the pages rebuild their columns on every render (they close over the page's
 * handlers), so each render would bring a new component type and remount the cells, and a button
 * that had focus (the one a dialog hands focus back to) would be gone.
 */
function draw<Context>(template: string | ((context: Context) => ReactNode) | undefined, context: Context): ReactNode {
  return typeof template === 'function' ? template(context) : template;
}

const joined = (base: string, extra: string | undefined) => (extra ? `${base} ${extra}` : base);

export function DataTable<Row>({
  name,
  rows,
  columns,
  getRowId,
  rowProps,
  details,
  className = `mt-6 ${admin.tableWrap}`,
  width,
  narrow = false,
  inCard = false,
}: {
  /**
   * What the table lists, e.g. 'Orders': its (visually hidden) caption; the scrolling box is the
   * region '<name> table', so it never repeats the name of a section around it.
   */
  name: string;
  rows: Row[];
  columns: ColumnDef<Row>[];
  /** A row's lasting id (what its expanded state and React key follow); the index without one. */
  getRowId?: (row: Row) => string;
  /** Attributes of a row's <tr>: its test id, `aria-current`, a highlight. */
  rowProps?: (row: Row) => RowAttributes;
  /** What an expanded row shows below it, across the whole width, in a row with this `id`. */
  details?: { id: (row: Row) => string; render: (row: Row) => ReactNode };
  /** Classes of the scrolling box: a list's card by default. */
  className?: string;
  /**
   * The table's width classes when it sets its own minimum (e.g. 'w-full min-w-[64rem]': wider
   * than a phone, so the box scrolls); the box's full width otherwise.
   */
  width?: string;
  /** Narrower cells (px-3). */
  narrow?: boolean;
  /** A table inside a card of its own (dashboard, reports): a plain head. */
  inCard?: boolean;
}) {
  // The lint warns that React Compiler would skip this component; the shop does not use the
  // compiler, and the table object never leaves this render (no memoized child gets it).
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable({
    data: rows,
    columns,
    getRowId,
    getCoreRowModel: getCoreRowModel(),
    // The rows a page refetch brings keep the details the admin opened.
    autoResetExpanded: false,
  });
  const cells = narrow ? dense : admin;
  // Also draws the cells again when the language changes (they read their texts in it).
  const { t } = useLingui();

  return (
    // A named region in the tab order (tabIndex=0), so keyboard users can reach the box and scroll
    // it sideways with the arrow keys, and screen readers say what it holds (WCAG 2.1.1; axe's
    // scrollable-region-focusable). The focus outline is the global `:focus-visible` one.
    <div role="region" aria-label={t`${name} table`} tabIndex={0} className={`overflow-x-auto ${className}`}>
      <table className={width ? `${admin.tableRows} ${width}` : admin.table}>
        <caption className="sr-only">{name}</caption>
        <thead className={inCard ? undefined : 'bg-stone-50'}>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={joined(cells.th, header.column.columnDef.meta?.th)}>
                  {draw(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-stone-100">
          {table.getRowModel().rows.map((row) => (
            <Fragment key={row.id}>
              <tr {...rowProps?.(row.original)}>
                {row.getVisibleCells().map((cell) => {
                  const meta = cell.column.columnDef.meta;
                  return (
                    <td key={cell.id} className={joined(cells.td, meta?.td)} {...meta?.cell?.(row.original)}>
                      {draw(cell.column.columnDef.cell, cell.getContext())}
                    </td>
                  );
                })}
              </tr>
              {details && row.getIsExpanded() && (
                <tr id={details.id(row.original)}>
                  <td colSpan={columns.length} className="p-0">
                    {details.render(row.original)}
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
