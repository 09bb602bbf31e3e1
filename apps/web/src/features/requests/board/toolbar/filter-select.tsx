import type { SelectOption } from '../../shared';

export type FilterSelectProps = {
  /** The accessible name; the first option says what the select filters when nothing is chosen. */
  label: string;
  value: string;
  /** The "all" choice (empty value). */
  allLabel: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
};

// Not the form Select: that one fills its field's width, these sit side by side above the board.
const BASE_CLASS =
  'block w-full min-w-0 truncate rounded-md border-0 py-1.5 pr-0.5 pl-1.5 text-xs sm:pr-2 sm:pl-2.5 shadow-xs ring-1 ring-inset focus:ring-2 focus:ring-inset focus:ring-indigo-600 sm:w-auto sm:max-w-52';

/** One of the board's filters: executive, priority or type. A chosen filter is tinted. */
export function FilterSelect({ label, value, allLabel, options, onChange }: FilterSelectProps) {
  return (
    <select
      aria-label={label}
      title={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      className={`${BASE_CLASS} ${
        value
          ? 'bg-indigo-50 font-medium text-indigo-900 ring-indigo-300'
          : 'bg-white text-slate-700 ring-slate-300'
      }`}
    >
      <option value="">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
