/** The filters above a back-office list, drawn from what the page names: the search, a choice per filter, the sort direction. */
import type { ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FilterSpec, FilterSpecs, Filters, SortDir } from './definition';
import { FilterSelect, type FilterOption } from './FilterSelect';
import { SearchField } from './SearchField';
import type { AdminList } from './use-admin-list';

/** A labelled choice of one filter's values. */
type SelectFilter<S extends FilterSpecs> = {
  [K in keyof S & string]: { filter: K; label: string; options: readonly FilterOption<Filters<S>[K]>[] };
}[keyof S & string];

/** The filters holding a sort direction. */
type DirFilter<S extends FilterSpecs> = { [K in keyof S & string]: S[K] extends FilterSpec<SortDir> ? K : never }[keyof S & string];

export function ListFilters<Row, S extends FilterSpecs>({
  list,
  label,
  search,
  selects,
  sortDir,
}: {
  list: AdminList<Row, S>;
  /** The group's name, e.g. 'Filter orders'. */
  label: string;
  /** The search box of the `q` filter, first. */
  search?: S extends { q: FilterSpec<string> } ? { label: string; placeholder: string } : never;
  selects: readonly SelectFilter<S>[];
  /** The filter the ascending/descending button after the choices switches. */
  sortDir?: DirFilter<S>;
}) {
  const { filters, setFilter } = list;
  // The loose view of the same filters: TypeScript cannot pair a select's key with its values in a map.
  const set = setFilter as (key: string, value: string, options?: { replace?: boolean }) => void;
  const values = filters as Record<string, string>;
  const others = selects.length + (sortDir ? 1 : 0);
  return (
    <FilterBar label={label}>
      {search && (
        <SearchField
          label={search.label}
          placeholder={search.placeholder}
          value={values.q}
          onSearch={(q) => set('q', q, { replace: true })}
          // Alone beside a single choice on two columns; above the others when they fill a row.
          className={`${others > 1 ? 'sm:col-span-2' : 'sm:col-span-1'} lg:min-w-64 lg:flex-1`}
        />
      )}
      {selects.map((s) => (
        <FilterSelect key={s.filter} label={s.label} value={values[s.filter]} options={s.options} onChange={(v) => set(s.filter, v)} />
      ))}
      {sortDir && <SortDirButton dir={values[sortDir] as SortDir} onToggle={() => set(sortDir, values[sortDir] === 'asc' ? 'desc' : 'asc')} />}
    </FilterBar>
  );
}

/** A labelled group of filters above an admin table. */
function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="search" aria-label={label} className="mt-6 grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end">
      {children}
    </div>
  );
}

/** The ascending/descending toggle of a sort choice. */
function SortDirButton({ dir, onToggle }: { dir: SortDir; onToggle: () => void }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={dir === 'asc' ? t`Sort ascending (switch to descending)` : t`Sort descending (switch to ascending)`}
      className="inline-flex h-[46px] items-center justify-center gap-1 rounded-lg border border-stone-300 bg-white px-3 font-semibold text-stone-800 hover:bg-stone-50"
    >
      <span aria-hidden="true">{dir === 'asc' ? '↑' : '↓'}</span>
      {dir === 'asc' ? <Trans>Ascending</Trans> : <Trans>Descending</Trans>}
    </button>
  );
}
