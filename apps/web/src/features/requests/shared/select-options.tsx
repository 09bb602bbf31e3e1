import {
  BOARD_COLUMNS,
  PRIORITIES,
  PRIORITY_LABELS,
  REQUEST_TYPES,
  type Role,
  type User,
  BOARD_LABELS,
} from '@crm/shared';
import { fullName } from '../../../lib/format';

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

/** Vendors first: they are the sales executives (§1) a request is normally assigned to. */
const ROLE_GROUP_ORDER: readonly Role[] = ['vendor', 'system admin', 'driver'];

type Person = Pick<User, '_id' | 'name' | 'lastName' | 'role'>;

/**
 * The admin's "Ejecutivo" options: every user (§2, "a select of all users"), each as
 * "name lastName", grouped by role so the vendors are found at once. Empty groups are left out.
 */
export function ExecutiveOptions({ users }: { users: readonly Person[] }) {
  return ROLE_GROUP_ORDER.map((role) => {
    const members = users.filter((user) => user.role === role);
    if (members.length === 0) return null;
    return (
      <optgroup key={role} label={BOARD_LABELS.roleGroups[role]}>
        {members.map((user) => (
          <option key={user._id} value={user._id}>
            {fullName(user)}
          </option>
        ))}
      </optgroup>
    );
  });
}
