import {
  NEXT_ACTION_FILTERS,
  NEXT_ACTION_LABELS,
  OUTCOME_FILTERS,
  OUTCOME_LABELS,
  VENDOR_FILTER_ME,
  VENDOR_FILTER_NONE,
  type BoardFilters,
  type User,
  APP_LABELS,
  BOARD_LABELS,
} from '@crm/shared';
import { fullName } from '../../../../lib/format';
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

/** The board's filters besides "Buscar", in their order: the toolbar's and the phone's sheet's. */
const FILTER_FIELD_KEYS = ['vendor', 'priority', 'requestType', 'next', 'outcome'] as const;
export type FilterFieldKey = (typeof FILTER_FIELD_KEYS)[number];

export type FilterField = {
  key: FilterFieldKey;
  /** Its name. */
  label: string;
  /** Its "all" choice, in words. */
  all: string;
  options: readonly SelectOption[];
};

/** Each filter's name, its "all" choice and its choices (the executives come from `users`). */
export function boardFilterFields(users: readonly User[]): FilterField[] {
  const vendorOptions: SelectOption[] = [
    { value: VENDOR_FILTER_ME, label: BOARD_LABELS.mine },
    { value: VENDOR_FILTER_NONE, label: APP_LABELS.noVendor },
    ...users.map((user) => ({ value: user._id, label: fullName(user) })),
  ];
  return [
    {
      key: 'vendor',
      label: BOARD_LABELS.vendorFilter,
      all: BOARD_LABELS.allVendors,
      options: vendorOptions,
    },
    {
      key: 'priority',
      label: BOARD_LABELS.priorityFilter,
      all: BOARD_LABELS.allPriorities,
      options: PRIORITY_OPTIONS,
    },
    {
      key: 'requestType',
      label: BOARD_LABELS.typeFilter,
      all: BOARD_LABELS.allTypes,
      options: REQUEST_TYPE_OPTIONS,
    },
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
  ];
}

/** How many of those filters are on (the search shows in its own box): "Filtros (2)". */
export const activeFilterCount = (filters: BoardFilters) =>
  FILTER_FIELD_KEYS.filter((key) => Boolean(filters[key])).length;

/** The changes that take those filters off, the search staying. */
export const CLEAR_FILTER_FIELDS = Object.fromEntries(
  FILTER_FIELD_KEYS.map((key) => [key, undefined]),
) as Record<FilterFieldKey, undefined>;
