import { useRef, useState } from 'react';
import { UserPlus, X } from 'lucide-react';
import type { User } from '@crm/shared';
import { useDeleteUser } from '../../../api/users/delete-user';
import { useUsers } from '../../../api/users/get-users';
import { Button } from '../../../components/ui/button';
import { ErrorText, LoadingText } from '../../../components/ui/status-text';
import { keepClearBelow } from '../../../lib/keep-clear';
import { LABELS } from '../../../lib/labels';
import { CreateUserForm } from './create-user-form';
import { DeleteUserConfirm } from './delete-user-confirm';
import { EditUserModal } from './edit-user-modal';
import { UserList } from './user-list';

/** /main/users, "Usuarios" (§2). */
export function UsersPage() {
  const users = useUsers();
  const deletion = useDeleteUser();
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
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{LABELS.users}</h1>
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
          {creating ? 'Cancelar' : 'Crear Usuario'}
        </Button>
      </div>

      {creating ? (
        <CreateUserForm />
      ) : users.isPending ? (
        <LoadingText />
      ) : users.isError ? (
        <ErrorText message={users.error.message} />
      ) : (
        <div ref={listRef}>
          <UserList
            users={users.data}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onEdit={setEditing}
            onDelete={setDeleting}
          />
        </div>
      )}

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
