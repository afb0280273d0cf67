import type { ReactNode } from 'react';

/** A labelled group of filters above an admin table. */
export function FilterBar({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="search" aria-label={label} className="mt-6 grid gap-3 rounded-xl bg-white p-4 shadow-sm ring-1 ring-stone-200 sm:grid-cols-2 lg:flex lg:flex-wrap lg:items-end">
      {children}
    </div>
  );
}

/** The ascending/descending toggle of a sort choice. */
export function SortDirButton({ dir, onToggle }: { dir: 'asc' | 'desc'; onToggle: () => void }) {
  return (
    <button
      type="button"
      onClick={onToggle}
      aria-label={dir === 'asc' ? 'Sort ascending (switch to descending)' : 'Sort descending (switch to ascending)'}
      className="inline-flex h-[46px] items-center justify-center gap-1 rounded-lg border border-stone-300 bg-white px-3 font-semibold text-stone-800 hover:bg-stone-50"
    >
      <span aria-hidden="true">{dir === 'asc' ? '↑' : '↓'}</span>
      {dir === 'asc' ? 'Ascending' : 'Descending'}
    </button>
  );
}
