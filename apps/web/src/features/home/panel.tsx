import { useId, type ReactNode } from 'react';

export type PanelProps = {
  title: string;
  /** One line under the title saying what is counted. */
  help?: string;
  /** Beside the title (the chart/table toggle). */
  action?: ReactNode;
  className?: string;
  children: ReactNode;
};

/** One of Inicio's panels: a titled region (its heading names it for screen readers). */
export function Panel({ title, help, action, className = '', children }: PanelProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={`min-w-0 rounded-lg bg-white p-3 shadow-xs ring-1 ring-slate-200 sm:p-4 ${className}`}
    >
      <div className="mb-3 flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h2>
          {help ? <p className="mt-0.5 text-xs text-slate-600">{help}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </section>
  );
}

/** The panels' tables: compact, numbers right-aligned by their cells. */
export const TABLE_CLASS = 'w-full text-left text-xs text-slate-700 sm:text-sm';
export const HEAD_CELL_CLASS =
  'border-b border-slate-200 py-1.5 pr-2 text-xs font-medium text-slate-600';
export const CELL_CLASS = 'border-b border-slate-100 py-1.5 pr-2';
export const NUMBER_CELL_CLASS = `${CELL_CLASS} text-right tabular-nums`;
export const NUMBER_HEAD_CLASS = `${HEAD_CELL_CLASS} text-right`;

/**
 * A panel table's header row: the row labels' column (`first`; empty: a blank corner cell), then
 * the number columns, right-aligned.
 */
export function TableHead({ first, numbers }: { first?: string; numbers: readonly string[] }) {
  return (
    <thead>
      <tr>
        {first ? (
          <th scope="col" className={HEAD_CELL_CLASS}>
            {first}
          </th>
        ) : (
          <td className={HEAD_CELL_CLASS} />
        )}
        {numbers.map((label) => (
          <th key={label} scope="col" className={NUMBER_HEAD_CLASS}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
