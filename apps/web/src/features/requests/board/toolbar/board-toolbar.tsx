import { lazy, Suspense, useCallback, useState } from 'react';
import { Download, FilterX, Keyboard, SlidersHorizontal } from 'lucide-react';
import {
  EXPORT_LABELS,
  type BoardFilters,
  type User,
  BOARD_MOVE_LABELS,
  BOARD_LABELS,
  KEYBOARD_HELP_LABELS,
} from '@crm/shared';
import {
  changesTo,
  hasBoardFilters,
  type BoardFilterKey,
} from '../../../../lib/board-search-params';
import { useCurrentUser } from '../../../../api/session/get-current-user';
import { useMediaQuery } from '../../../../lib/use-media-query';
import { activeFilterCount, boardFilterFields } from './board-filter-fields';
import { FilterSelect } from './filter-select';
import { ImportButton } from './import-button';
import { SavedViewsMenu } from './saved-views-menu';
import { SearchBox } from './search-box';

// Opened on a phone only, and rarely: a chunk of its own, out of the board's first visit.
const FiltersSheet = lazy(() =>
  import('./filters-sheet').then((module) => ({ default: module.FiltersSheet })),
);

// Issue 24's "Exportar" menu and its download: loaded when the menu first opens.
const ExportMenu = lazy(() =>
  import('./export-menu').then((module) => ({ default: module.ExportMenu })),
);

export type BoardToolbarProps = {
  filters: BoardFilters;
  /** On a phone: "Buscar" and a "Filtros (n)" button opening the filters and saved views. */
  compact: boolean;
  users: readonly User[];
  onChange: (changes: Partial<Record<BoardFilterKey, string | undefined>>) => void;
  /** "Atajos de teclado": opens the list of the board's keys (also "?"). */
  onShowShortcuts?: () => void;
};

const TOOL_CLASS =
  'inline-flex shrink-0 items-center justify-center gap-1.5 rounded-md px-2 py-1.5 text-xs font-medium text-slate-600 ring-1 ring-slate-300 ring-inset hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600';
/** A phone's toolbar buttons are a finger's 44 px (issue 25). */
const PHONE_TOOL_CLASS = `${TOOL_CLASS} min-h-11 min-w-11`;
/** A screen without a keyboard's pointer (a phone, a tablet): no keyboard shortcuts to offer. */
const TOUCH_ONLY = '(hover: none) and (pointer: coarse)';

/**
 * Above the board: "Buscar" and the executive, priority, type, next-action and outcome filters
 * (all in the URL, combinable) and the saved views. On a phone, where five selects side by side
 * cut their names, the filters and saved views wait in a "Filtros" sheet. "Exportar", and a
 * system admin's "Importar" (issue 24), each open something loaded on the first click.
 */
export function BoardToolbar({
  filters,
  compact,
  users,
  onChange,
  onShowShortcuts,
}: BoardToolbarProps) {
  const [sheetOpen, setSheetOpen] = useState(false);
  // Once opened, the menu stays mounted: it shows "Preparando el archivo…" after it closes.
  const [exportOpen, setExportOpen] = useState(false);
  const [exportUsed, setExportUsed] = useState(false);
  const closeExport = useCallback(() => setExportOpen(false), []);
  const { isAdmin } = useCurrentUser();
  const touchOnly = useMediaQuery(TOUCH_ONLY);
  const fields = boardFilterFields(users);
  const active = activeFilterCount(filters);

  return (
    // Above the board: the fields' focus rings must not slip under the sticky column headers.
    <div className="relative z-20 flex items-start gap-2 px-3 pt-3 md:px-5 md:pt-4">
      <div
        role="search"
        aria-label={BOARD_LABELS.toolbar}
        className="flex min-w-0 flex-1 flex-wrap items-center gap-2"
      >
        <SearchBox value={filters.q ?? ''} onSearch={(q) => onChange({ q })} />
        {compact ? (
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => setSheetOpen(true)}
            className={`${PHONE_TOOL_CLASS} ${active > 0 ? 'bg-indigo-50 text-indigo-900 ring-indigo-300' : ''}`}
          >
            <SlidersHorizontal className="size-4" aria-hidden />
            {BOARD_MOVE_LABELS.filtersCount(active)}
          </button>
        ) : (
          <div className="flex flex-wrap items-center gap-2">
            {fields.map(({ key, label, all, options }) => (
              <FilterSelect
                key={key}
                label={label}
                allLabel={all}
                value={filters[key] ?? ''}
                options={options}
                onChange={(value) => onChange({ [key]: value })}
              />
            ))}
            {hasBoardFilters(filters) ? (
              <button
                type="button"
                onClick={() => onChange(changesTo({}))}
                className="inline-flex items-center justify-center gap-1 rounded-md px-2 py-1.5 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                <FilterX className="size-3.5" aria-hidden />
                {BOARD_MOVE_LABELS.clearFilters}
              </button>
            ) : null}
          </div>
        )}
      </div>
      {compact ? null : (
        <SavedViewsMenu filters={filters} onPick={(view) => onChange(changesTo(view))} />
      )}
      {/* Issue 33: on a phone too, there as icons (named, with a tooltip). */}
      <div className="relative">
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded={exportOpen}
          onClick={() => {
            setExportUsed(true);
            setExportOpen((open) => !open);
          }}
          title={compact ? EXPORT_LABELS.button : undefined}
          className={compact ? PHONE_TOOL_CLASS : TOOL_CLASS}
        >
          <Download className="size-4" aria-hidden />
          <span className={compact ? 'sr-only' : undefined}>{EXPORT_LABELS.button}</span>
        </button>
        {exportUsed ? (
          <Suspense fallback={null}>
            <ExportMenu filters={filters} open={exportOpen} onClose={closeExport} />
          </Suspense>
        ) : null}
      </div>
      {/* Issue 24: a system admin's "Importar". */}
      {isAdmin ? (
        <ImportButton className={compact ? PHONE_TOOL_CLASS : TOOL_CLASS} iconOnly={compact} />
      ) : null}
      {/* Issue 33: not on a touch screen, which has no keyboard to use them with. */}
      {onShowShortcuts && !touchOnly ? (
        <button
          type="button"
          onClick={onShowShortcuts}
          aria-keyshortcuts="?"
          className={compact ? PHONE_TOOL_CLASS : TOOL_CLASS}
        >
          <Keyboard className="size-4" aria-hidden />
          {/* On a phone, the icon alone (the name stays the same for screen readers). */}
          <span className={compact ? 'sr-only' : undefined}>{KEYBOARD_HELP_LABELS.title}</span>
        </button>
      ) : null}
      {sheetOpen ? (
        <Suspense fallback={null}>
          <FiltersSheet
            filters={filters}
            fields={fields}
            onChange={onChange}
            onClose={() => setSheetOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
