import { useState } from 'react';
import {
  CREATE_USER_ROLE_OPTIONS,
  createUserFormSchema,
  DEFAULT_CREATE_USER_ROLE,
  type CreateUserForm as CreateUserValues,
} from '@crm/shared';
import { useCreateUser } from '../../../api/users/create-user';
import { Button } from '../../../components/ui/button';
import { FormField, Select, TextInput } from '../../../components/ui/form-field';
import { PasswordToggle } from '../../../components/ui/password-toggle';
import { EN } from '../../../lib/labels';
import { useZodForm } from '../../../lib/use-zod-form';

const EMPTY_USER: CreateUserValues = {
  role: DEFAULT_CREATE_USER_ROLE,
  name: '',
  lastName: '',
  email: '',
  password: '',
  confirmPassword: '',
  photo: '',
};

/** "Create new user" (§2): errors after a submit attempt swap the button for "Corregir Errores". */
export function CreateUserForm() {
  const creation = useCreateUser();
  const form = useZodForm(createUserFormSchema, EMPTY_USER, { focusFirstError: true });
  const [showPasswords, setShowPasswords] = useState(false);

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirm, ...body }) => {
    creation.mutate(body, {
      onSuccess: () => form.reset(),
      // e.g. 409 "Correo ya registrado", under the field it concerns.
      onError: form.showServerErrorsOf,
    });
  });

  const role = form.field('role');
  const name = form.field('name');
  const lastName = form.field('lastName');
  const email = form.field('email');
  const password = form.field('password');
  const confirmPassword = form.field('confirmPassword');
  const showErrorsBlock = form.attempted && form.hasErrors;

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="create-user-title"
      className="max-w-2xl rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="create-user-title" {...EN} className="text-base font-semibold text-slate-900">
        Create new user
      </h2>
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        <FormField id={role.id} label="Rol*" error={form.errors.role} className="sm:col-span-2">
          <Select {...role}>
            {CREATE_USER_ROLE_OPTIONS.map((option) => (
              // The spec's role labels are English (System Admin, Vendor, Driver).
              <option key={option.value} value={option.value} {...EN}>
                {option.label}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={name.id} label="Nombre*" error={form.errors.name}>
          <TextInput {...name} autoComplete="off" />
        </FormField>
        <FormField id={lastName.id} label="Apellido*" error={form.errors.lastName}>
          <TextInput {...lastName} autoComplete="off" />
        </FormField>
        <FormField
          id={email.id}
          label="Correo*"
          error={form.errors.email}
          className="sm:col-span-2"
        >
          <TextInput {...email} type="email" autoComplete="off" />
        </FormField>
        <FormField id={password.id} label="Contraseña*" error={form.errors.password}>
          <TextInput
            {...password}
            type={showPasswords ? 'text' : 'password'}
            autoComplete="new-password"
          />
        </FormField>
        <FormField
          id={confirmPassword.id}
          label="Confirmar Contraseña*"
          error={form.errors.confirmPassword}
        >
          <div className="flex items-center gap-1">
            <TextInput
              {...confirmPassword}
              type={showPasswords ? 'text' : 'password'}
              autoComplete="new-password"
            />
            <PasswordToggle
              visible={showPasswords}
              onToggle={() => setShowPasswords((visible) => !visible)}
            />
          </div>
        </FormField>
      </div>
      <div className="mt-5">
        {showErrorsBlock ? (
          <p
            role="alert"
            className="rounded-md bg-red-600 px-4 py-2 text-center text-sm font-semibold text-white"
          >
            Corregir Errores
          </p>
        ) : (
          <Button type="submit" disabled={creation.isPending} className="w-full sm:w-auto">
            {creation.isPending ? 'Cargando...' : 'Crear'}
          </Button>
        )}
      </div>
    </form>
  );
}
