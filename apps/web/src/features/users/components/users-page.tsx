import { useId, useMemo, useRef, useState } from 'react';
import { UserPlus, X } from 'lucide-react';
import {
  SESSION_MESSAGES,
  USER_FORM_LABELS,
  USERS_LABELS,
  type User,
  APP_LABELS,
} from '@crm/shared';
import { useDeleteUser } from '../../../api/users/delete-user';
import { useResendInvitation } from '../../../api/users/invite-user';
import { useUsers } from '../../../api/users/get-users';
import { Button } from '../../../components/ui/button';
import { hasFailed, LoadError } from '../../../components/ui/load-error';
import { LoadingText } from '../../../components/ui/status-text';
import { keepClearBelow } from '../../../lib/keep-clear';
import { useSession } from '../../../lib/session';
import { CreateUserForm } from './create-user-form';
import { DeleteUserConfirm } from './delete-user-confirm';
import { EditUserModal } from './edit-user-modal';
import { InvitationLinkDialog } from './invitation-link-dialog';
import { UserList } from './user-list';
import { UserSearch } from './user-search';
import { useUsersView } from './use-users-view';
import { usersInView } from './users-view';

/**
 * /main/users, "Usuarios" (§2): the heading and "Crear Usuario", then the create form or the
 * list, which a search by name or email and its sortable headers narrow and order (issue 25).
 */
export function UsersPage() {
  const users = useUsers();
  const { view, setView } = useUsersView();
  const shown = useMemo(() => usersInView(users.data ?? [], view), [users.data, view]);
  const headingId = useId();
  const deletion = useDeleteUser();
  const ownId = useSession()?.userId;
  const resend = useResendInvitation();
  // Without email on the server, a re-sent invitation's link to pass on (shown once).
  const [invitationLink, setInvitationLink] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [editing, setEditing] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  // Room opened above the page while the confirmation would otherwise sit on the row it names.
  const [clearance, setClearance] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  const closeConfirmation = () => {
    setDeleting(null);
    setClearance(0);
  };

  return (
    <div className="mx-auto max-w-5xl space-y-5 p-4 md:p-8">
      {clearance > 0 ? <div aria-hidden style={{ height: clearance }} /> : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={headingId} className="text-2xl font-bold tracking-tight text-slate-900">
          {APP_LABELS.users}
        </h1>
        <Button
          variant={creating ? 'secondary' : 'primary'}
          onClick={() => setCreating((open) => !open)}
          aria-expanded={creating}
        >
          {creating ? (
            <X className="size-4" aria-hidden />
          ) : (
            <UserPlus className="size-4" aria-hidden />
          )}
          {creating ? USER_FORM_LABELS.cancelCreate : USER_FORM_LABELS.openCreate}
        </Button>
      </div>

      {creating ? (
        <CreateUserForm />
      ) : users.isError || hasFailed(users) ? (
        <LoadError
          message={users.error?.message ?? SESSION_MESSAGES.fetchFailed}
          onRetry={() => void users.refetch()}
          retrying={users.isFetching}
        />
      ) : users.isPending ? (
        <LoadingText />
      ) : (
        <div className="space-y-3">
          <UserSearch
            value={view.q}
            onSearch={(q) => setView({ q })}
            shown={shown.length}
            total={users.data.length}
          />
          <div ref={listRef}>
            <UserList
              users={shown}
              sort={view.sort}
              dir={view.dir}
              onSort={(sort, dir) => setView({ sort, dir })}
              selectedId={selectedId}
              onSelect={setSelectedId}
              onEdit={setEditing}
              onDelete={setDeleting}
              ownId={ownId}
              onResendInvitation={(user) =>
                resend.mutate(user._id, {
                  onSuccess: (answer) => setInvitationLink(answer.link ?? null),
                })
              }
              labelledBy={headingId}
            />
          </div>
          {shown.length === 0 && view.q ? (
            <p className="px-1 text-sm text-slate-600">{USERS_LABELS.noMatch(view.q)}</p>
          ) : null}
        </div>
      )}

      <InvitationLinkDialog link={invitationLink} onClose={() => setInvitationLink(null)} />

      {editing ? (
        <EditUserModal key={editing._id} user={editing} onClose={() => setEditing(null)} />
      ) : null}

      <DeleteUserConfirm
        user={deleting}
        onShown={(panel) => {
          const row = deleting
            ? listRef.current?.querySelector<HTMLElement>(`[data-user-id="${deleting._id}"]`)
            : null;
          if (row) setClearance(keepClearBelow(panel, row));
        }}
        onCancel={closeConfirmation}
        onConfirm={(user) => {
          deletion.mutate(user._id);
          closeConfirmation();
        }}
      />
    </div>
  );
}
