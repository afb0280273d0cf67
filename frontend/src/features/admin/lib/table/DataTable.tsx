/**
 * The one table of the back office: it draws the <table> from TanStack column definitions
 * (Medusa's admin `DataTable` is the model). The server filters, sorts and pages the lists, so
 * the table only lays out the rows it is given.
 *
 * Under 640 px (a phone) the same rows are drawn as a list of cards instead, from the same
 * column definitions: each column's `phone` says where it goes on the card (its title, beside
 * the title, a labelled line, the buttons at its foot, or nowhere), so a page declares its list
 * once and both layouts follow.
 */
import { Fragment, type HTMLAttributes, type ReactNode, type TdHTMLAttributes } from 'react';
import { useLingui } from '@lingui/react/macro';
import { getCoreRowModel, useReactTable, type ColumnDef, type Row as TableRow, type RowData, type Table } from '@tanstack/react-table';
import { admin } from '../ui';
import { usePhoneWidth } from './use-phone-width';

/** `data-testid` and the like, which JSX allows on any element but the DOM attribute types leave out. */
type DataAttributes = { [name: `data-${string}`]: string | undefined };
type CellAttributes = Omit<TdHTMLAttributes<HTMLTableCellElement>, 'className'> & DataAttributes;
/** A row's attributes: on its <tr> in the table, on its card (<li>) on a phone. */
type RowAttributes = HTMLAttributes<HTMLElement> & DataAttributes;

/**
 * Where a column goes on a phone, where each row is a card:
 * - `title`: the card's first line, without its heading (what the row is: an order's id, a
 *   product), in bold when it is plain text;
 * - `aside`: beside the title, on the right, without its heading (a status badge, a checkbox);
 * - `line` (the default): a line of the card, its heading as the label (or `phoneLabel`);
 * - `actions`: the card's foot, without a heading (the row's buttons);
 * - `hidden`: not on the card (what another column shows already, a column for paper).
 */
export type PhoneReading = 'title' | 'aside' | 'line' | 'actions' | 'hidden';

declare module '@tanstack/react-table' {
  // The names of the type parameters are TanStack's: an augmentation must repeat them.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Classes added to the column's heading (a width, a breakpoint). */
    th?: string;
    /**
     * Classes added to each of its cells. On a phone's card its value keeps those that dress the
     * text (font, colour, wrapping), not the table's widths, breakpoints or alignment.
     */
    td?: string;
    /** Other attributes of a cell (a title, a test id); on a phone, of its value. */
    cell?: (row: TData) => CellAttributes;
    /** Where the column goes on a phone's card (PhoneReading); a labelled line without it. */
    phone?: PhoneReading;
    /** The label of its line on a phone when the heading will not do (a '#'). */
    phoneLabel?: string;
  }
}

/**
 * The columns of a table of `Row`s, each drawn from the whole row:
 * `const column = columnsOf<Order>();  column(t`Total`, (o) => formatPrice(o.totalAmount), { td: 'font-semibold' })`.
 * The heading is the column's id; the cell also gets TanStack's row (its expanded state).
 * `{ phone: 'title' }` and the like place it on a phone's card.
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
/** Every cell ruled, the headings in plain type: a sheet for paper. */
const RULED_CELL = 'border border-stone-400 px-2 py-1.5 text-left align-top';
const ruledCells = { th: RULED_CELL, td: RULED_CELL };

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

/** The classes of a cell that dress its text, which its value on a phone keeps: font, colour and size, wrapping. */
const TEXT_CLASS = /^(?:font-|text-(?!left$|right$|center$)|tabular-nums$|italic$|break-)/;
const textClasses = (td: string | undefined) =>
  td
    ?.split(/\s+/)
    .filter((c) => TEXT_CLASS.test(c))
    .join(' ') || undefined;

/** A last row under the others (a total): `label` heads it, `value` stands in the column whose id (its heading) is `column`. */
export interface TableFooter {
  label: string;
  column: string;
  value: ReactNode;
}

export function DataTable<Row>({
  name,
  rows,
  columns,
  getRowId,
  rowProps,
  details,
  footer,
  className = `mt-6 ${admin.tableWrap}`,
  width,
  narrow = false,
  inCard = false,
  ruled = false,
}: {
  /**
   * What the table lists, e.g. 'Orders': its (visually hidden) caption; the scrolling box is the
   * region '<name> table' ('<name> list' on a phone), so it never repeats the name of a section around it.
   */
  name: string;
  rows: Row[];
  columns: ColumnDef<Row>[];
  /** A row's lasting id (what its expanded state and React key follow); the index without one. */
  getRowId?: (row: Row) => string;
  /** Attributes of a row's <tr> (its card on a phone): its test id, `aria-current`, a highlight. */
  rowProps?: (row: Row) => RowAttributes;
  /** What an expanded row shows below it, across the whole width, in a row with this `id`. */
  details?: { id: (row: Row) => string; render: (row: Row) => ReactNode };
  /** A total under the rows. */
  footer?: TableFooter;
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
  /** A sheet for paper (the run sheet): every cell ruled, plain headings. */
  ruled?: boolean;
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
  // The table instance (its expanded rows) stays when the width crosses 640 px: only what draws it changes.
  const phone = usePhoneWidth();
  const cells = ruled ? ruledCells : narrow ? dense : admin;
  // Also draws the cells again when the language changes (they read their texts in it).
  const { t } = useLingui();

  if (phone) {
    return (
      // The same named, focusable box as the table's: a card wider than a small phone scrolls in it.
      <div role="region" aria-label={t`${name} list`} tabIndex={0} className={`overflow-x-auto ${className}`}>
        <Cards table={table} rowProps={rowProps} details={details} footer={footer} inCard={inCard} />
      </div>
    );
  }

  const footerAt = footer ? table.getAllLeafColumns().findIndex((c) => c.id === footer.column) : -1;
  const tableClass = ruled ? `border-collapse bg-white text-sm ${width ?? 'w-full'}` : width ? `${admin.tableRows} ${width}` : admin.table;
  return (
    // A named region in the tab order (tabIndex=0), so keyboard users can reach the box and scroll
    // it sideways with the arrow keys, and screen readers say what it holds (WCAG 2.1.1; axe's
    // scrollable-region-focusable). The focus outline is the global `:focus-visible` one.
    <div role="region" aria-label={t`${name} table`} tabIndex={0} className={`overflow-x-auto ${className}`}>
      <table className={tableClass}>
        <caption className="sr-only">{name}</caption>
        <thead className={inCard || ruled ? undefined : 'bg-stone-50'}>
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
        <tbody className={ruled ? undefined : 'divide-y divide-stone-100'}>
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
        {footer && footerAt >= 0 && (
          <tfoot>
            <tr>
              {footerAt > 0 && (
                <th scope="row" colSpan={footerAt} className={`${cells.td} text-right`}>
                  {footer.label}
                </th>
              )}
              <td className={`${cells.td} font-bold`}>{footer.value}</td>
              {footerAt < columns.length - 1 && <td colSpan={columns.length - 1 - footerAt} className={cells.td} />}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}

/**
 * The rows as cards, one under another in the box: the `title` columns and, on the right, the
 * `aside` ones; the `line`s, each labelled with its heading; the `actions` at the foot; the
 * details when opened; the footer's total last.
 */
function Cards<Row>({
  table,
  rowProps,
  details,
  footer,
  inCard,
}: {
  table: Table<Row>;
  rowProps?: (row: Row) => RowAttributes;
  details?: { id: (row: Row) => string; render: (row: Row) => ReactNode };
  footer?: TableFooter;
  /** In a card of its own: the rows as wide as its text, not padded again. */
  inCard: boolean;
}) {
  const pad = inCard ? 'py-3' : 'px-4 py-3';
  const labels = new Map(
    table.getFlatHeaders().map((h) => [h.column.id, h.column.columnDef.meta?.phoneLabel ?? draw(h.column.columnDef.header, h.getContext())]),
  );
  return (
    <>
      <ul className="divide-y divide-stone-200 bg-white text-sm text-stone-800">
        {table.getRowModel().rows.map((row) => {
          const { className: highlight, ...attributes } = rowProps?.(row.original) ?? {};
          const placed = { title: [] as ReactNode[], aside: [] as ReactNode[], line: [] as ReactNode[], actions: [] as ReactNode[] };
          for (const cell of row.getVisibleCells()) {
            const meta = cell.column.columnDef.meta;
            const where = meta?.phone ?? 'line';
            if (where === 'hidden') continue;
            const value = draw(cell.column.columnDef.cell, cell.getContext());
            const attrs = meta?.cell?.(row.original);
            const text = textClasses(meta?.td);
            if (where === 'line') {
              placed.line.push(
                <Fragment key={cell.id}>
                  <dt className="font-medium text-stone-600">{labels.get(cell.column.id)}</dt>
                  <dd className={joined('min-w-0 break-words', text)} {...attrs}>
                    {value}
                  </dd>
                </Fragment>,
              );
            } else {
              // A title of plain text is set in bold; a cell that draws its own elements keeps their look.
              const plain = where === 'title' && (typeof value === 'string' || typeof value === 'number');
              placed[where].push(
                <div key={cell.id} className={joined(plain ? 'min-w-0 font-semibold' : 'min-w-0', text)} {...attrs}>
                  {value}
                </div>,
              );
            }
          }
          return (
            <li key={row.id} {...attributes} className={joined(pad, highlight)}>
              {(placed.title.length > 0 || placed.aside.length > 0) && (
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0 break-words text-stone-900">{placed.title}</div>
                  {placed.aside.length > 0 && <div className="flex shrink-0 flex-col items-end gap-1">{placed.aside}</div>}
                </div>
              )}
              {placed.line.length > 0 && (
                // The labels take what they need up to 40% of the card; the values the rest, wrapping.
                <dl className="mt-2 grid grid-cols-[fit-content(40%)_minmax(0,1fr)] gap-x-3 gap-y-1.5">{placed.line}</dl>
              )}
              {placed.actions.length > 0 && <div className="mt-2 flex flex-wrap items-start gap-2">{placed.actions}</div>}
              {details && row.getIsExpanded() && (
                <div id={details.id(row.original)} className={inCard ? 'mt-2' : '-mx-4 mt-2 -mb-3'}>
                  {details.render(row.original)}
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {footer && (
        <dl className={`flex justify-between gap-3 border-t border-stone-300 bg-white ${pad} text-sm font-semibold text-stone-900`}>
          <dt>{footer.label}</dt>
          <dd className="font-bold">{footer.value}</dd>
        </dl>
      )}
    </>
  );
}
