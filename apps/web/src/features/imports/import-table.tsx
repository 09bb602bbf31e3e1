import { useId, type ReactNode } from 'react';

export type ImportTableProps = {
  /** The table's heading (a step's section), which also names its scrolling region. */
  title: string;
  headers: readonly string[];
  children: ReactNode;
};

export const CELL_CLASS = 'px-2 py-1.5 align-top whitespace-nowrap';

/**
 * A step's buttons: kept in view at the bottom of the dialog's scrolling body, however long the
 * file's columns or the report (the dialog's padding is px-5 py-4).
 */
export const STEP_ACTIONS_CLASS =
  'sticky bottom-0 -mx-5 -mb-4 flex flex-wrap justify-end gap-2 border-t border-slate-200 bg-white px-5 py-3';

/**
 * A step's failure, in the API's Spanish words (not ErrorText's English "Error: " of §8), read
 * out as it appears; nothing while there is none.
 */
export function StepAlert({ message, id }: { message: string | null | undefined; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/**
 * A table of the dialog under its heading, scrolling sideways where it is wider than the dialog:
 * the region takes the focus, so the arrow keys scroll it.
 */
export function ImportTable({ title, headers, children }: ImportTableProps) {
  const id = useId();
  return (
    <section className="space-y-1.5">
      <h4 id={id} className="text-sm font-semibold text-slate-900">
        {title}
      </h4>
      <div
        role="region"
        aria-labelledby={id}
        tabIndex={0}
        className="overflow-x-auto rounded-md ring-1 ring-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        <table aria-labelledby={id} className="min-w-full text-left text-xs text-slate-700">
          <thead className="bg-slate-50 text-slate-600">
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col" className={`${CELL_CLASS} font-medium`}>
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">{children}</tbody>
        </table>
      </div>
    </section>
  );
}
