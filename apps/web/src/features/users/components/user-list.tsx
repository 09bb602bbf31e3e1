import { Pencil, Trash2 } from 'lucide-react';
import { PROFILE_LABELS, USER_FORM_LABELS, USERS_LABELS, type User } from '@crm/shared';
import { IconButton } from '../../../components/ui/button';
import { UserAvatar } from '../../../components/ui/user-avatar';
import { fullName } from '../../../lib/format';
import { EN } from '../../../lib/lang';
import { SortHeader } from './sort-header';
import type { SortDirection, UserSortKey } from './users-view';

export type UserListProps = {
  users: readonly User[];
  /** The order the rows are in, stated by the column headers. */
  sort: UserSortKey;
  dir: SortDirection;
  onSort: (sort: UserSortKey, dir: SortDirection) => void;
  selectedId: string | null;
  onSelect: (userId: string) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
  /**
   * The signed-in admin's own id: their row offers no delete (issue 32: the API refuses it with
   * 409, as another admin may delete them but they may not).
   */
  ownId?: string;
  /** "Reenviar invitación" on a user still invited (issue 23); without it, none is offered. */
  onResendInvitation?: (user: User) => void;
  /** The element that names the table (the screen's heading). */
  labelledBy?: string;
};

// One grid for the headers and the rows from `sm` up, so the columns line up: name (with the
// avatar), email, role, and the two buttons. On a phone each row stacks name, email and role
// beside its buttons, and the headers are a row of sort buttons.
const COLUMNS =
  'sm:grid sm:grid-cols-[minmax(0,1.2fr)_minmax(0,1.4fr)_minmax(0,0.8fr)_4rem] sm:items-center sm:gap-4';
const PHONE_INDENT = 'pl-[3.25rem] sm:pl-0';

/**
 * The users (§2), a table (ARIA roles on a grid, so it can stack on a phone) whose headers
 * Nombre, Correo and Rol sort it. One row per user: photo or initials, full name, email, role; a click
 * highlights the row; the pencil and the bin edit and delete.
 */
export function UserList({
  users,
  sort,
  dir,
  onSort,
  selectedId,
  onSelect,
  onEdit,
  onDelete,
  ownId,
  onResendInvitation,
  labelledBy,
}: UserListProps) {
  const header = { sort, dir, onSort };
  return (
    <div
      role="table"
      aria-labelledby={labelledBy}
      className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
    >
      <div role="rowgroup" className="border-b border-slate-200 bg-slate-50 px-4 py-1">
        <div role="row" className={`flex flex-wrap gap-x-4 ${COLUMNS}`}>
          <SortHeader column="name" label={USERS_LABELS.name} {...header} />
          <SortHeader column="email" label={USERS_LABELS.email} {...header} />
          <SortHeader column="role" label={USERS_LABELS.role} {...header} />
          <div role="columnheader" className="sr-only">
            {USERS_LABELS.actions}
          </div>
        </div>
      </div>
      <div role="rowgroup" className="divide-y divide-slate-100">
        {users.map((user) => {
          const selected = user._id === selectedId;
          return (
            <div
              role="row"
              key={user._id}
              data-user-id={user._id}
              aria-current={selected ? 'true' : undefined}
              onClick={() => onSelect(user._id)}
              className={`grid cursor-pointer grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 px-4 py-3 transition ${COLUMNS} ${
                selected ? 'bg-indigo-50 ring-2 ring-indigo-500 ring-inset' : 'hover:bg-slate-50'
              }`}
            >
              <div role="cell" className="flex min-w-0 items-center gap-3">
                <UserAvatar person={user} />
                <button
                  type="button"
                  aria-pressed={selected}
                  // Long names are cut with "…": the whole one on hover.
                  title={fullName(user)}
                  className="block min-w-0 truncate text-left text-sm font-semibold text-slate-900 focus-visible:underline focus-visible:outline-none"
                >
                  {fullName(user)}
                </button>
              </div>
              <div role="cell" className={`col-start-1 min-w-0 ${PHONE_INDENT} sm:col-start-auto`}>
                <p title={user.email} className="truncate text-sm text-slate-600">
                  {user.email}
                </p>
                {user.invitationPending ? (
                  <PendingInvitation user={user} onResend={onResendInvitation} />
                ) : null}
              </div>
              <div role="cell" className={`col-start-1 ${PHONE_INDENT} sm:col-start-auto`}>
                {/* The §3 role values are English. slate-600 keeps 4.5:1 on the selected row too. */}
                <p {...EN} className="text-sm text-slate-600 capitalize">
                  {user.role}
                </p>
              </div>
              <div
                role="cell"
                className="col-start-2 row-span-3 row-start-1 flex gap-1 sm:col-start-auto sm:row-span-1 sm:row-start-auto sm:justify-end"
                onClick={(event) => event.stopPropagation()}
              >
                <IconButton
                  label={USER_FORM_LABELS.edit(fullName(user))}
                  onClick={() => onEdit(user)}
                >
                  <Pencil className="size-4" aria-hidden />
                </IconButton>
                {user._id === ownId ? null : (
                  <IconButton
                    label={USER_FORM_LABELS.remove(fullName(user))}
                    onClick={() => onDelete(user)}
                    className="hover:bg-red-50 hover:text-red-600"
                  >
                    <Trash2 className="size-4" aria-hidden />
                  </IconButton>
                )}
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}

/**
 * A user invited who has not chosen a password yet (issue 23): they cannot sign in until they
 * do; "Reenviar invitación" sends a new link (the older one stops working).
 */
function PendingInvitation({ user, onResend }: { user: User; onResend?: (user: User) => void }) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2 text-xs">
      <span className="rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-800">
        {PROFILE_LABELS.invitationPending}
      </span>
      {onResend ? (
        <button
          type="button"
          // The row selects on a click; this one only resends.
          onClick={(event) => {
            event.stopPropagation();
            onResend(user);
          }}
          className="font-medium text-indigo-600 hover:text-indigo-500 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {PROFILE_LABELS.resendInvitation}
        </button>
      ) : null}
    </p>
  );
}
