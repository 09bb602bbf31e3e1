import { BOARD_COLUMNS, PRIORITIES, PRIORITY_LABELS, REQUEST_TYPES } from '@crm/shared';

export type SelectOption = { value: string; label: string };

/** "Etapa de la solicitud": the five stages in board order (§2). */
export const STAGE_OPTIONS: readonly SelectOption[] = BOARD_COLUMNS.map((column) => ({
  value: column.status,
  label: column.stageLabel,
}));
/** "Prioridad": Baja, Media, Alta (§2). */
export const PRIORITY_OPTIONS: readonly SelectOption[] = PRIORITIES.map((priority) => ({
  value: priority,
  label: PRIORITY_LABELS[priority],
}));
/** The four request types of §9 (Create and Edit Request modals). */
export const REQUEST_TYPE_OPTIONS: readonly SelectOption[] = REQUEST_TYPES.map((type) => ({
  value: type,
  label: type,
}));

export function Options({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}
