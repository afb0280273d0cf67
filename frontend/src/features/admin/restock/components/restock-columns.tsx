/** The table of the sizes shoppers wait for: product, size, colour, SKU, stock, requests, waiting since. */
import { t } from '@lingui/core/macro';
import type { RestockDemand } from '@/lib/types';
import { Badge, columnsOf, NoValue, nowrap, tone } from '../../lib/table';
import { formatCount, formatShortDate } from '../../lib/ui';

const column = columnsOf<RestockDemand>();

const orNone = (value: string | null) => value || <NoValue className="text-stone-500" />;

export function restockTable() {
  return {
    columns: [
      column(t`Product`, (d) => <span className="font-semibold text-stone-900">{d.productName}</span>, { td: 'min-w-48', phone: 'title' }),
      column(t`Size`, (d) => (d.size ? d.size : t`One size`), nowrap),
      column(t`Colour`, (d) => orNone(d.colour), nowrap),
      column(t`SKU`, (d) => (d.sku ? <span className="font-mono text-xs">{d.sku}</span> : orNone(null)), nowrap),
      column(t`Stock`, (d) =>
        d.stock > 0 ? (
          formatCount(d.stock)
        ) : (
          <Badge colour={tone.red} testId="restock-sold-out">
            {t`Sold out`}
          </Badge>
        ), nowrap),
      column(t`Requests`, (d) => <span className="font-semibold">{formatCount(d.requests)}</span>, { td: 'tabular-nums' }),
      column(t`Waiting since`, (d) => formatShortDate(d.since), nowrap),
    ],
    rowProps: () => ({ 'data-testid': 'restock-row' }),
  };
}
