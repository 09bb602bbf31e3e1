import {
  EDIT_USER_ROLE_OPTIONS,
  editUserFormSchema,
  editUserWithPasswordFormSchema,
  type Role,
  type User,
  EDIT_USER_LABELS,
} from '@crm/shared';
import { useUpdateUser } from '../../../api/users/update-user';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useDiscardPrompt } from '../../../components/ui/discard-changes-dialog';
import { FormField, Select, TextInput } from '../../../components/ui/form-field';
import { useZodForm } from '../../../lib/use-zod-form';
import { UserTwoFactor } from './user-two-factor';

type EditUserValues = {
  name: string;
  lastName: string;
  email: string;
  role: Role;
  changePassword: boolean;
  password: string;
  confirmPassword: string;
};

// "Change Password?" swaps in the create-user rules (§5).
const schemaFor = (values: EditUserValues) =>
  values.changePassword ? editUserWithPasswordFormSchema : editUserFormSchema;

export type EditUserModalProps = { user: User; onClose: () => void };

/**
 * "Edit User" (§2). While any error exists, "Update" is replaced by "Fix errors". Closing it
 * (Cancel, X, Escape, backdrop) with changes asks "¿Descartar los cambios?" first (issue 12).
 */
export function EditUserModal({ user, onClose }: EditUserModalProps) {
  const update = useUpdateUser();
  const form = useZodForm(
    schemaFor,
    {
      name: user.name,
      lastName: user.lastName,
      email: user.email,
      role: user.role,
      changePassword: false,
      password: '',
      confirmPassword: '',
    },
    { live: true },
  );
  const discard = useDiscardPrompt({ hasChanges: form.hasChanges, onDiscard: onClose });

  const onSubmit = form.handleSubmit(() => {
    const { name, lastName, email, role, changePassword, password } = form.values;
    update.mutate(
      {
        id: user._id,
        body: { name, lastName, email, role, ...(changePassword ? { password } : {}) },
      },
      {
        onSuccess: onClose,
        // e.g. 409 "Correo ya registrado": shown under the field, the modal stays open.
        onError: form.showServerErrorsOf,
      },
    );
  });

  const focusFirstError = () => {
    const first = Object.keys(form.errors)[0] as keyof EditUserValues | undefined;
    if (first) document.getElementById(form.inputId(first))?.focus();
  };

  const name = form.field('name');
  const lastName = form.field('lastName');
  const email = form.field('email');
  const role = form.field('role');
  const password = form.field('password');
  const confirmPassword = form.field('confirmPassword');
  const changePasswordId = form.inputId('changePassword');

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && discard.requestClose()}
      title={EDIT_USER_LABELS.title}
    >
      {discard.prompt}
      <form noValidate onSubmit={onSubmit} className="space-y-4 px-5 py-4">
        <FormField id={name.id} label={EDIT_USER_LABELS.name} error={form.errors.name}>
          <TextInput {...name} />
        </FormField>
        <FormField id={lastName.id} label={EDIT_USER_LABELS.lastName} error={form.errors.lastName}>
          <TextInput {...lastName} />
        </FormField>
        <FormField id={email.id} label={EDIT_USER_LABELS.email} error={form.errors.email}>
          <TextInput {...email} type="email" />
        </FormField>
        <FormField id={role.id} label={EDIT_USER_LABELS.role} error={form.errors.role}>
          <Select {...role}>
            {EDIT_USER_ROLE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        </FormField>
        <div className="flex items-center gap-2">
          <input
            id={changePasswordId}
            type="checkbox"
            className="size-4 rounded border-slate-300 text-indigo-600"
            checked={form.values.changePassword}
            onChange={(event) => form.setValue('changePassword', event.target.checked)}
          />
          <label htmlFor={changePasswordId} className="text-sm text-slate-700">
            {EDIT_USER_LABELS.changePassword}
          </label>
        </div>
        {form.values.changePassword ? (
          <>
            <FormField
              id={password.id}
              label={EDIT_USER_LABELS.password}
              error={form.errors.password}
            >
              <TextInput {...password} type="password" autoComplete="new-password" />
            </FormField>
            <FormField
              id={confirmPassword.id}
              label={EDIT_USER_LABELS.confirmPassword}
              error={form.errors.confirmPassword}
            >
              <TextInput {...confirmPassword} type="password" autoComplete="new-password" />
            </FormField>
          </>
        ) : null}
        <UserTwoFactor userId={user._id} />
        <div className="flex justify-end gap-2 pt-2">
          <Button variant="secondary" onClick={discard.requestClose}>
            {EDIT_USER_LABELS.cancel}
          </Button>
          {form.hasErrors ? (
            <Button variant="danger" onClick={focusFirstError}>
              {EDIT_USER_LABELS.fixErrors}
            </Button>
          ) : (
            <Button type="submit" disabled={update.isPending}>
              {EDIT_USER_LABELS.update}
            </Button>
          )}
        </div>
      </form>
    </Dialog>
  );
}
