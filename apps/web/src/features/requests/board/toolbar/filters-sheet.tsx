import { useId } from 'react';
import { BOARD_VIEW_LABELS, type BoardFilters, BOARD_MOVE_LABELS } from '@crm/shared';
import { changesTo, type BoardFilterKey } from '../../../../lib/board-search-params';
import { Button } from '../../../../components/ui/button';
import { Dialog } from '../../../../components/ui/dialog';
import { FormField, Select } from '../../../../components/ui/form-field';
import { activeFilterCount, CLEAR_FILTER_FIELDS, type FilterField } from './board-filter-fields';
import { SavedViewsPanel } from './saved-views-panel';

export type FiltersSheetProps = {
  filters: BoardFilters;
  fields: readonly FilterField[];
  onChange: (changes: Partial<Record<BoardFilterKey, string | undefined>>) => void;
  onClose: () => void;
};

/**
 * A phone's "Filtros" (issue 25): each filter under its whole name, full width, a finger's 44 px
 * high, applied as it is chosen (the board behind follows, in the URL); "Quitar filtros" takes
 * them off (the search stays, it has its own box); then the saved views. Picking a view puts it
 * on the board and closes the sheet.
 */
export function FiltersSheet({ filters, fields, onChange, onClose }: FiltersSheetProps) {
  const id = useId();
  const close = (open: boolean) => {
    if (!open) onClose();
  };
  return (
    <Dialog open onOpenChange={close} title={BOARD_MOVE_LABELS.filters}>
      <div className="space-y-3 px-5 py-4">
        {fields.map(({ key, label, all, options }) => (
          <FormField key={key} id={`${id}-${key}`} label={label}>
            <Select
              id={`${id}-${key}`}
              value={filters[key] ?? ''}
              onChange={(event) => onChange({ [key]: event.target.value })}
              className="min-h-11"
            >
              <option value="">{all}</option>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </FormField>
        ))}
        <div className="flex flex-wrap justify-end gap-2">
          {activeFilterCount(filters) > 0 ? (
            <Button
              variant="secondary"
              className="min-h-11"
              onClick={() => onChange(CLEAR_FILTER_FIELDS)}
            >
              {BOARD_MOVE_LABELS.clearFilters}
            </Button>
          ) : null}
          <Button className="min-h-11" onClick={onClose}>
            {BOARD_MOVE_LABELS.done}
          </Button>
        </div>
      </div>
      <section aria-labelledby={`${id}-views`} className="border-t border-slate-200 px-5 py-4">
        <h3 id={`${id}-views`} className="mb-2 text-sm font-semibold text-slate-900">
          {BOARD_VIEW_LABELS.menu}
        </h3>
        <SavedViewsPanel
          filters={filters}
          className="space-y-4"
          onPick={(view) => {
            onChange(changesTo(view));
            onClose();
          }}
        />
      </section>
    </Dialog>
  );
}
