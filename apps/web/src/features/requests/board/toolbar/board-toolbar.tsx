import { FilterX, Keyboard } from 'lucide-react';
import {
  NEXT_ACTION_FILTERS,
  NEXT_ACTION_LABELS,
  OUTCOME_FILTERS,
  OUTCOME_LABELS,
  VENDOR_FILTER_ME,
  VENDOR_FILTER_NONE,
  type BoardFilters,
  type User,
} from '@crm/shared';
import {
  changesTo,
  hasBoardFilters,
  type BoardFilterKey,
} from '../../../../lib/board-search-params';
import { fullName } from '../../../../lib/format';
import { LABELS } from '../../../../lib/labels';
import { FilterSelect } from './filter-select';
import { SavedViewsMenu } from './saved-views-menu';
import { SearchBox } from './search-box';
import { PRIORITY_OPTIONS, REQUEST_TYPE_OPTIONS, type SelectOption } from '../../shared';

/** "Próxima acción": vencida, hoy, esta semana, sin acción (issue 20). */
const NEXT_ACTION_OPTIONS: SelectOption[] = NEXT_ACTION_FILTERS.map((value) => ({
  value,
  label: NEXT_ACTION_LABELS.filters[value],
}));

/** "Resultado" (issue 21): narrows CERRADO to won, lost or not yet said. */
const OUTCOME_OPTIONS: SelectOption[] = OUTCOME_FILTERS.map((value) => ({
  value,
  label: OUTCOME_LABELS.filters[value],
}));

export type BoardToolbarProps = {
  filters: BoardFilters;
  /** On a phone the four filters share two rows: each "all" choice is just its name. */
  compact: boolean;
  users: readonly User[];
  onChange: (changes: Partial<Record<BoardFilterKey, string | undefined>>) => void;
  /** "Atajos de teclado": opens the list of the board's keys (also "?"). */
  onShowShortcuts?: () => void;
};

/**
 * Above the board: "Buscar" and the executive, priority, type, next-action and outcome filters
 * (all in the URL, combinable).
 */
export function BoardToolbar({
  filters,
  compact,
  users,
  onChange,
  onShowShortcuts,
}: BoardToolbarProps) {
  const vendorOptions: SelectOption[] = [
    { value: VENDOR_FILTER_ME, label: 'Mis solicitudes' },
    { value: VENDOR_FILTER_NONE, label: LABELS.noVendor },
    ...users.map((user) => ({ value: user._id, label: fullName(user) })),
  ];

  // The filters: each one's name, its "all" choice on a wide screen, and its choices.
  const selects = [
    { key: 'vendor', label: 'Ejecutivo', all: 'Todos los ejecutivos', options: vendorOptions },
    {
      key: 'priority',
      label: 'Prioridad',
      all: 'Todas las prioridades',
      options: PRIORITY_OPTIONS,
    },
    { key: 'requestType', label: 'Tipo', all: 'Todos los tipos', options: REQUEST_TYPE_OPTIONS },
    {
      key: 'next',
      label: NEXT_ACTION_LABELS.filter,
      all: NEXT_ACTION_LABELS.filterAny,
      options: NEXT_ACTION_OPTIONS,
    },
    {
      key: 'outcome',
      label: OUTCOME_LABELS.filter,
      all: OUTCOME_LABELS.filterAny,
      options: OUTCOME_OPTIONS,
    },
  ] as const;

  return (
    // Above the board: the fields' focus rings must not slip under the sticky column headers.
    <div className="relative z-20 flex items-start gap-2 px-3 pt-3 md:px-5 md:pt-4">
      <div
        role="search"
        aria-label="Filtros del tablero"
        className="flex min-w-0 flex-1 flex-wrap items-center gap-2"
      >
        <SearchBox value={filters.q ?? ''} onSearch={(q) => onChange({ q })} />
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto sm:flex-wrap sm:items-center">
          {selects.map(({ key, label, all, options }) => (
            <FilterSelect
              key={key}
              label={label}
              allLabel={compact ? label : all}
              value={filters[key] ?? ''}
              options={options}
              onChange={(value) => onChange({ [key]: value })}
            />
          ))}
          {hasBoardFilters(filters) ? (
            <button
              type="button"
              onClick={() =>
                onChange({
                  q: undefined,
                  vendor: undefined,
                  priority: undefined,
                  requestType: undefined,
                  next: undefined,
                  outcome: undefined,
                })
              }
              className="col-span-2 inline-flex items-center justify-center gap-1 rounded-md px-2 py-1.5 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900 sm:col-auto"
            >
              <FilterX className="size-3.5" aria-hidden />
              Quitar filtros
            </button>
          ) : null}
        </div>
      </div>
      <SavedViewsMenu
        filters={filters}
        compact={compact}
        onPick={(view) => onChange(changesTo(view))}
      />
      {onShowShortcuts ? (
        <button
          type="button"
          onClick={onShowShortcuts}
          aria-keyshortcuts="?"
          className="inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-1.5 text-xs font-medium text-slate-600 ring-1 ring-slate-300 ring-inset hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <Keyboard className="size-4" aria-hidden />
          {/* On a phone, the icon alone (the name stays the same for screen readers). */}
          <span className={compact ? 'sr-only' : undefined}>Atajos de teclado</span>
        </button>
      ) : null}
    </div>
  );
}
