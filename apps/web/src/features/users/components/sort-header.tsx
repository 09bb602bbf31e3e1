import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { SortDirection, UserSortKey } from './users-view';

export type SortHeaderProps = {
  column: UserSortKey;
  label: string;
  /** The list's order now. */
  sort: UserSortKey;
  dir: SortDirection;
  onSort: (sort: UserSortKey, dir: SortDirection) => void;
};

/**
 * A column's header, a button that sorts by it: A to Z first, Z to A on a second press. The
 * header states the order (aria-sort) and the arrow shows it; a button, so Enter and Space work.
 */
export function SortHeader({ column, label, sort, dir, onSort }: SortHeaderProps) {
  const active = column === sort;
  const Arrow = !active ? ArrowUpDown : dir === 'asc' ? ArrowUp : ArrowDown;
  return (
    <div
      role="columnheader"
      aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
      className="min-w-0"
    >
      <button
        type="button"
        onClick={() => onSort(column, active && dir === 'asc' ? 'desc' : 'asc')}
        className={`-mx-2 inline-flex min-h-11 items-center gap-1 rounded-md px-2 text-sm font-semibold transition hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:min-h-8 ${
          active ? 'text-slate-900' : 'text-slate-600'
        }`}
      >
        {label}
        <Arrow className={`size-3.5 ${active ? '' : 'text-slate-400'}`} aria-hidden />
      </button>
    </div>
  );
}
