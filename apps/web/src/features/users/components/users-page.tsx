import { useState } from 'react';
import { UserPlus, X } from 'lucide-react';
import {
  DELETE_USER_CONFIRM_OPTIONS,
  SESSION_MESSAGES,
  USER_MESSAGES,
  type User,
} from '@crm/shared';
import { useDeleteUser } from '../../../api/users/delete-user';
import { useUsers } from '../../../api/users/get-users';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { LABELS } from '../../../lib/labels';
import { CreateUserForm } from './create-user-form';
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

  return (
    <div className="mx-auto max-w-5xl space-y-5 p-4 md:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Usuarios</h1>
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
        <p className="text-sm text-slate-500">{LABELS.loading}</p>
      ) : users.isError ? (
        <p role="alert" className="text-sm text-red-600">
          {SESSION_MESSAGES.errorPrefix}
          {users.error.message}
        </p>
      ) : (
        <UserList
          users={users.data}
          selectedId={selectedId}
          onSelect={setSelectedId}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      )}

      {editing ? (
        <EditUserModal key={editing._id} user={editing} onClose={() => setEditing(null)} />
      ) : null}

      <ConfirmDialog
        open={deleting !== null}
        message={USER_MESSAGES.deleteConfirm}
        placement={DELETE_USER_CONFIRM_OPTIONS.position}
        confirmLabel="Yes"
        cancelLabel="Cancel"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) deletion.mutate(deleting._id);
          setDeleting(null);
        }}
      />
    </div>
  );
}
