import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  FIELD_MESSAGES,
  CREATE_USER_MESSAGES,
  DEFAULT_CREATE_USER_ROLE,
  USER_MESSAGES,
} from '@crm/shared';
import { addUser, db } from '../../../test/fake-api';
import { optionTexts } from '../../../test/options';
import { addAdminAna, NEW_PASSWORD, renderUsersPage } from './users.test-kit';

/** An admin on /main/users with "Create new user" opened. */
async function openCreateForm() {
  const admin = addAdminAna();
  const user = renderUsersPage(admin);
  await screen.findByText('ana@crm.test');
  await user.click(screen.getByRole('button', { name: 'Crear Usuario' }));
  return { admin, user };
}

const field = (label: string) => screen.getByLabelText(label);
const createCalls = () => db.calls.filter((call) => call.path === '/api/user/create');

type Values = {
  role?: string;
  name?: string;
  lastName?: string;
  email?: string;
  password?: string;
  confirmPassword?: string;
};

async function fill(user: UserEvent, values: Values) {
  if (values.role) await user.selectOptions(field('Rol*'), values.role);
  if (values.name) await user.type(field('Nombre*'), values.name);
  if (values.lastName) await user.type(field('Apellido*'), values.lastName);
  if (values.email) await user.type(field('Correo*'), values.email);
  if (values.password) await user.type(field('Contraseña*'), values.password);
  if (values.confirmPassword)
    await user.type(field('Confirmar Contraseña*'), values.confirmPassword);
}

const VALID: Values = {
  role: 'vendor',
  name: 'Bruno',
  lastName: 'Díaz',
  email: 'bruno@crm.test',
  password: NEW_PASSWORD,
  confirmPassword: NEW_PASSWORD,
};

describe('"Create new user" form', () => {
  it('has the role select (System Admin, Vendor, Driver; system admin by default) and the five fields', async () => {
    await openCreateForm();

    expect(screen.getByRole('heading', { name: 'Create new user' })).toBeInTheDocument();
    const role = field('Rol*');
    expect(optionTexts(role)).toEqual(['System Admin', 'Vendor', 'Driver']);
    expect(role).toHaveValue(DEFAULT_CREATE_USER_ROLE);
    expect(within(role).getByRole('option', { name: 'System Admin' })).toHaveProperty(
      'selected',
      true,
    );
    expect(field('Nombre*')).toHaveValue('');
    expect(field('Apellido*')).toHaveValue('');
    expect(field('Correo*')).toHaveAttribute('type', 'email');
    expect(field('Contraseña*')).toHaveAttribute('type', 'password');
    expect(field('Confirmar Contraseña*')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Crear' })).toBeEnabled();
  });

  it('shows and hides both passwords with one toggle', async () => {
    const { user } = await openCreateForm();
    expect(screen.getAllByRole('button', { name: 'Mostrar contraseña' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(field('Contraseña*')).toHaveAttribute('type', 'text');
    expect(field('Confirmar Contraseña*')).toHaveAttribute('type', 'text');

    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(field('Contraseña*')).toHaveAttribute('type', 'password');
    expect(field('Confirmar Contraseña*')).toHaveAttribute('type', 'password');
  });

  it('submitted empty, shows every required message and "Corregir Errores" instead of "Crear"', async () => {
    const { user } = await openCreateForm();

    await user.click(screen.getByRole('button', { name: 'Crear' }));

    expect(screen.getByText(CREATE_USER_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText(CREATE_USER_MESSAGES.lastNameRequired)).toBeInTheDocument();
    expect(screen.getByText(CREATE_USER_MESSAGES.emailRequired)).toBeInTheDocument();
    expect(screen.getByText(CREATE_USER_MESSAGES.passwordRequired)).toBeInTheDocument();
    expect(screen.getByText(CREATE_USER_MESSAGES.confirmPasswordRequired)).toBeInTheDocument();
    const block = screen.getByText('Corregir Errores');
    expect(block).toHaveClass('bg-red-600');
    expect(screen.queryByRole('button', { name: 'Crear' })).not.toBeInTheDocument();
    expect(createCalls()).toHaveLength(0);
  });

  it('shows no message before the first submit attempt', async () => {
    const { user } = await openCreateForm();

    await fill(user, { email: 'not-an-email', password: 'weak' });

    expect(screen.queryByText(CREATE_USER_MESSAGES.invalidEmail)).not.toBeInTheDocument();
    expect(screen.queryByText(CREATE_USER_MESSAGES.passwordRule)).not.toBeInTheDocument();
    expect(screen.queryByText(CREATE_USER_MESSAGES.nameRequired)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear' })).toBeInTheDocument();
  });

  it('refuses a weak password with the password rule', async () => {
    const { user } = await openCreateForm();
    await fill(user, { ...VALID, password: 'abcdefgh', confirmPassword: 'abcdefgh' });

    await user.click(screen.getByRole('button', { name: 'Crear' }));

    expect(field('Contraseña*')).toHaveAccessibleDescription(CREATE_USER_MESSAGES.passwordRule);
    expect(screen.getByText('Corregir Errores')).toBeInTheDocument();
    expect(createCalls()).toHaveLength(0);
  });

  it.each([
    ['seven characters', 'Abcd.ef'],
    ['no uppercase letter', 'abcdef.gh'],
    ['no lowercase letter', 'ABCDEF.GH'],
    ['no special character', 'Abcdefgh1'],
    ['only a special character outside . - # $ !', 'Abcdefg@h'],
  ])('refuses a password with %s', async (_case, password) => {
    const { user } = await openCreateForm();
    await fill(user, { ...VALID, password, confirmPassword: password });

    await user.click(screen.getByRole('button', { name: 'Crear' }));

    expect(field('Contraseña*')).toHaveAccessibleDescription(CREATE_USER_MESSAGES.passwordRule);
    expect(createCalls()).toHaveLength(0);
  });

  it.each(['.', '-', '#', '$', '!'])(
    'accepts a password whose special character is "%s"',
    async (special) => {
      const { user } = await openCreateForm();
      const password = `Abcdefg${special}`;
      await fill(user, { ...VALID, password, confirmPassword: password });

      await user.click(screen.getByRole('button', { name: 'Crear' }));

      expect(await screen.findByText(USER_MESSAGES.created)).toBeInTheDocument();
      expect(createCalls()).toEqual([
        expect.objectContaining({ body: expect.objectContaining({ password }) }),
      ]);
    },
  );

  it('refuses a malformed email with "Formato de correo inválido"', async () => {
    const { user } = await openCreateForm();
    await fill(user, { ...VALID, email: 'bruno@crm' });

    await user.click(screen.getByRole('button', { name: 'Crear' }));

    expect(field('Correo*')).toHaveAccessibleDescription(CREATE_USER_MESSAGES.invalidEmail);
    expect(createCalls()).toHaveLength(0);
  });

  it('refuses different passwords with "Las contraseñas no coinciden"', async () => {
    const { user } = await openCreateForm();
    await fill(user, { ...VALID, confirmPassword: 'Otra.Clave2' });

    await user.click(screen.getByRole('button', { name: 'Crear' }));

    expect(field('Confirmar Contraseña*')).toHaveAccessibleDescription(
      CREATE_USER_MESSAGES.passwordsDoNotMatch,
    );
    expect(createCalls()).toHaveLength(0);
  });

  it('checks again on every change after a failed submit, and "Crear" returns once all is fixed', async () => {
    const { user } = await openCreateForm();
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    expect(screen.getByText('Corregir Errores')).toBeInTheDocument();

    await user.type(field('Nombre*'), 'Bruno');
    expect(screen.queryByText(CREATE_USER_MESSAGES.nameRequired)).not.toBeInTheDocument();
    expect(screen.getByText(CREATE_USER_MESSAGES.lastNameRequired)).toBeInTheDocument();

    await user.type(field('Correo*'), 'bruno@');
    expect(screen.getByText(CREATE_USER_MESSAGES.invalidEmail)).toBeInTheDocument();
    await user.type(field('Correo*'), 'crm.test');
    expect(screen.queryByText(CREATE_USER_MESSAGES.invalidEmail)).not.toBeInTheDocument();

    await fill(user, {
      lastName: 'Díaz',
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
    });

    expect(screen.queryByText('Corregir Errores')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear' })).toBeEnabled();
    expect(createCalls()).toHaveLength(0);
  });

  it('reads "Cargando..." while sending, posts the user without confirmPassword, then says "Usuario creado exitosamente" and resets', async () => {
    const { user } = await openCreateForm();
    await fill(user, VALID);
    db.latencyMs = 200;

    await user.click(screen.getByRole('button', { name: 'Crear' }));

    expect(screen.getByRole('button', { name: 'Cargando...' })).toBeDisabled();
    expect(await screen.findByText(USER_MESSAGES.created)).toBeInTheDocument();
    expect(createCalls()).toEqual([
      {
        method: 'POST',
        path: '/api/user/create',
        body: {
          name: 'Bruno',
          lastName: 'Díaz',
          email: 'bruno@crm.test',
          password: NEW_PASSWORD,
          role: 'vendor',
          photo: '',
        },
      },
    ]);
    await waitFor(() => expect(field('Nombre*')).toHaveValue(''));
    expect(field('Rol*')).toHaveValue(DEFAULT_CREATE_USER_ROLE);
    expect(field('Apellido*')).toHaveValue('');
    expect(field('Correo*')).toHaveValue('');
    expect(field('Contraseña*')).toHaveValue('');
    expect(field('Confirmar Contraseña*')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Crear' })).toBeEnabled();
    expect(screen.queryByText(CREATE_USER_MESSAGES.nameRequired)).not.toBeInTheDocument();
  });

  it('lists the new user once the form is closed', async () => {
    const { user } = await openCreateForm();
    await fill(user, VALID);
    await user.click(screen.getByRole('button', { name: 'Crear' }));
    await screen.findByText(USER_MESSAGES.created);

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));

    expect(await screen.findByText('bruno@crm.test')).toBeInTheDocument();
    expect(screen.getByText('Bruno Díaz')).toBeInTheDocument();
  });

  it('when the email is taken, says "Hubo un error al crear el usuario" and shows the server message under the email', async () => {
    addUser({ role: 'driver', name: 'Bruno', lastName: 'Otro', email: 'bruno@crm.test' });
    const { user } = await openCreateForm();
    await fill(user, VALID);

    await user.click(screen.getByRole('button', { name: 'Crear' }));

    expect(await screen.findByText(USER_MESSAGES.createFailed)).toBeInTheDocument();
    expect(field('Correo*')).toHaveAccessibleDescription(FIELD_MESSAGES.emailTaken);
    expect(createCalls()).toHaveLength(1);
    expect(screen.queryByText(USER_MESSAGES.created)).not.toBeInTheDocument();
    // What was typed stays, so it can be corrected.
    expect(field('Nombre*')).toHaveValue('Bruno');
    expect(field('Correo*')).toHaveValue('bruno@crm.test');

    // Editing the email clears the server's message.
    await user.clear(field('Correo*'));
    await user.type(field('Correo*'), 'bruno.diaz@crm.test');
    expect(screen.queryByText(FIELD_MESSAGES.emailTaken)).not.toBeInTheDocument();
  });

  it('when the server fails, says "Hubo un error al crear el usuario" and keeps the form filled', async () => {
    const { user } = await openCreateForm();
    await fill(user, VALID);
    db.failures.set('POST /api/user/create', 500);

    await user.click(screen.getByRole('button', { name: 'Crear' }));

    expect(await screen.findByText(USER_MESSAGES.createFailed)).toBeInTheDocument();
    expect(field('Nombre*')).toHaveValue('Bruno');
    expect(screen.getByRole('button', { name: 'Crear' })).toBeEnabled();
  });

  it('after "Crear" with errors, the focus goes to the first field in error (the button is gone)', async () => {
    const { user } = await openCreateForm();
    await fill(user, { name: 'Bea', email: 'bea@crm.test' });

    await user.click(screen.getByRole('button', { name: 'Crear' }));

    expect(await screen.findByText('Corregir Errores')).toBeInTheDocument();
    await waitFor(() => expect(field('Apellido*')).toHaveFocus());
    expect(field('Apellido*')).toHaveAccessibleDescription(CREATE_USER_MESSAGES.lastNameRequired);
    expect(createCalls()).toEqual([]);
  });
});
