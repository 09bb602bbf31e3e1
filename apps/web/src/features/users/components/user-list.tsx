import { Pencil, Trash2 } from 'lucide-react';
import type { User } from '@crm/shared';
import { IconButton } from '../../../components/ui/button';
import { fullName, initials } from '../../../lib/format';
import { EN } from '../../../lib/labels';

export type UserListProps = {
  users: readonly User[];
  selectedId: string | null;
  onSelect: (userId: string) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
};

/** One row per user (§2): initials, full name, email, role; a click highlights the row. */
export function UserList({ users, selectedId, onSelect, onEdit, onDelete }: UserListProps) {
  return (
    <ul className="divide-y divide-slate-100 overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      {users.map((user) => {
        const selected = user._id === selectedId;
        return (
          <li
            key={user._id}
            data-user-id={user._id}
            aria-current={selected ? 'true' : undefined}
            onClick={() => onSelect(user._id)}
            className={`flex cursor-pointer items-center gap-3 px-4 py-3 transition ${
              selected ? 'bg-indigo-50 ring-2 ring-indigo-500 ring-inset' : 'hover:bg-slate-50'
            }`}
          >
            <span
              aria-hidden
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-100 text-sm font-semibold text-indigo-700"
            >
              {initials(user)}
            </span>
            <div className="min-w-0 flex-1 sm:grid sm:grid-cols-3 sm:gap-4">
              <button
                type="button"
                aria-pressed={selected}
                className="block truncate text-left text-sm font-semibold text-slate-900 focus-visible:underline focus-visible:outline-none"
              >
                {fullName(user)}
              </button>
              <p className="truncate text-sm text-slate-600">{user.email}</p>
              {/* The §3 role values are English. slate-600 keeps 4.5:1 on the selected row too. */}
              <p {...EN} className="text-sm text-slate-600 capitalize">
                {user.role}
              </p>
            </div>
            <div className="flex shrink-0 gap-1" onClick={(event) => event.stopPropagation()}>
              <IconButton label={`Editar ${fullName(user)}`} onClick={() => onEdit(user)}>
                <Pencil className="size-4" aria-hidden />
              </IconButton>
              <IconButton
                label={`Eliminar ${fullName(user)}`}
                onClick={() => onDelete(user)}
                className="hover:bg-red-50 hover:text-red-600"
              >
                <Trash2 className="size-4" aria-hidden />
              </IconButton>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
