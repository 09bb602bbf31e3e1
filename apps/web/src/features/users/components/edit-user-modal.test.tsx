import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  CREATE_USER_MESSAGES,
  EDIT_USER_MESSAGES,
  FIELD_MESSAGES,
  USER_MESSAGES,
} from '@crm/shared';
import { answerDiscardPrompt } from '../../../test/discard-prompt';
import { db } from '../../../test/fake-api';
import { optionTexts } from '../../../test/options';
import { addAdminAna, addVendorBruno, NEW_PASSWORD, renderUsersPage } from './users.test-kit';

/** An admin on /main/users with the Edit User modal open on Bruno Díaz (a vendor). */
async function openEditModal() {
  const admin = addAdminAna();
  const bruno = addVendorBruno();
  const user = renderUsersPage(admin);
  await user.click(await screen.findByRole('button', { name: 'Editar Bruno Díaz' }));
  // The dialog's code comes with the first pointer: under load it may open a moment after the click.
  const dialog = await screen.findByRole('dialog', { name: 'Edit User' });
  return {
    admin,
    bruno,
    user,
    dialog,
    field: (label: string) => within(dialog).getByLabelText(label),
  };
}

const updateCalls = () => db.calls.filter((call) => call.method === 'PUT');

describe('Edit User modal', () => {
  it('opens "Edit User" with Name, Last Name and Email filled in and the role selected', async () => {
    const { field } = await openEditModal();

    expect(field('Name')).toHaveValue('Bruno');
    expect(field('Last Name')).toHaveValue('Díaz');
    expect(field('Email')).toHaveValue('bruno@crm.test');
    expect(field('Role')).toHaveValue('vendor');
  });

  it('offers the roles Vendor, System admin and Driver', async () => {
    const { field } = await openEditModal();

    expect(optionTexts(field('Role'))).toEqual(['Vendor', 'System admin', 'Driver']);
  });

  it('reveals Password and Confirm password when "Change Password?" is checked', async () => {
    const { user, dialog } = await openEditModal();
    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Confirm password')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('checkbox', { name: 'Change Password?' }));

    expect(within(dialog).getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(within(dialog).getByLabelText('Confirm password')).toHaveAttribute('type', 'password');

    await user.click(within(dialog).getByRole('checkbox', { name: 'Change Password?' }));

    expect(within(dialog).queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('"Cancel" closes the modal without sending anything (after "Descartar" when something was typed)', async () => {
    const { user, dialog } = await openEditModal();
    await user.type(within(dialog).getByLabelText('Name'), 'xx');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await answerDiscardPrompt(user, 'Descartar');
    expect(updateCalls()).toHaveLength(0);
    expect(screen.getByText('Bruno Díaz')).toBeInTheDocument();
  });

  it('"Cancel" closes at once when nothing changed', async () => {
    const { user, dialog } = await openEditModal();

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it.each([
    ['Escape', (user: UserEvent) => user.keyboard('{Escape}')],
    ['the X', (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Cerrar' }))],
  ] as const)(
    'closing via %s with changes asks first; "Seguir editando" keeps them',
    async (_way, close) => {
      const { user, dialog, field } = await openEditModal();
      await user.clear(field('Email'));
      await user.type(field('Email'), 'bruno.diaz@crm.test');

      await close(user);
      await answerDiscardPrompt(user, 'Seguir editando');
      expect(screen.getByRole('dialog', { name: 'Edit User' })).toBe(dialog);
      expect(field('Email')).toHaveValue('bruno.diaz@crm.test');
      expect(updateCalls()).toHaveLength(0);
    },
  );

  it('with an empty Name, says "Nombre es requerido", offers "Fix errors" instead of "Update" and sends nothing', async () => {
    const { user, dialog, field } = await openEditModal();

    await user.clear(field('Name'));

    expect(field('Name')).toHaveAccessibleDescription(EDIT_USER_MESSAGES.nameRequired);
    expect(within(dialog).queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
    const fixErrors = within(dialog).getByRole('button', { name: 'Fix errors' });

    await user.click(fixErrors);
    expect(field('Name')).toHaveFocus();
    await user.type(field('Last Name'), '{Enter}');

    expect(updateCalls()).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
  });

  it('with a malformed email, says "Formato de correo iválido"', async () => {
    const { user, dialog, field } = await openEditModal();

    await user.clear(field('Email'));
    await user.type(field('Email'), 'bruno@crm');

    expect(field('Email')).toHaveAccessibleDescription(EDIT_USER_MESSAGES.invalidEmail);
    expect(within(dialog).getByRole('button', { name: 'Fix errors' })).toBeInTheDocument();
  });

  it('with an empty email, says "Correo es requerido"', async () => {
    const { user, field } = await openEditModal();

    await user.clear(field('Email'));

    expect(field('Email')).toHaveAccessibleDescription(EDIT_USER_MESSAGES.emailRequired);
  });

  it('with an empty last name, says "Apellido es requerido"', async () => {
    const { user, dialog, field } = await openEditModal();

    await user.clear(field('Last Name'));

    expect(field('Last Name')).toHaveAccessibleDescription(EDIT_USER_MESSAGES.lastNameRequired);
    expect(within(dialog).getByRole('button', { name: 'Fix errors' })).toBeInTheDocument();
  });

  it('brings "Update" back once the errors are fixed', async () => {
    const { user, dialog, field } = await openEditModal();
    await user.clear(field('Name'));
    expect(within(dialog).getByRole('button', { name: 'Fix errors' })).toBeInTheDocument();

    await user.type(field('Name'), 'Bruno');

    expect(within(dialog).queryByText(EDIT_USER_MESSAGES.nameRequired)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeEnabled();
  });

  describe('with "Change Password?" checked (the create-user rules)', () => {
    async function openWithPasswordChange() {
      const opened = await openEditModal();
      await opened.user.click(
        within(opened.dialog).getByRole('checkbox', { name: 'Change Password?' }),
      );
      return opened;
    }

    it('requires the password and its confirmation', async () => {
      const { dialog, field } = await openWithPasswordChange();

      expect(field('Password')).toHaveAccessibleDescription(CREATE_USER_MESSAGES.passwordRequired);
      expect(field('Confirm password')).toHaveAccessibleDescription(
        CREATE_USER_MESSAGES.confirmPasswordRequired,
      );
      expect(within(dialog).getByRole('button', { name: 'Fix errors' })).toBeInTheDocument();
    });

    it('refuses a weak password with the password rule', async () => {
      const { user, dialog, field } = await openWithPasswordChange();

      await user.type(field('Password'), 'abcdefgh');
      await user.type(field('Confirm password'), 'abcdefgh');

      expect(field('Password')).toHaveAccessibleDescription(CREATE_USER_MESSAGES.passwordRule);
      expect(within(dialog).getByRole('button', { name: 'Fix errors' })).toBeInTheDocument();
    });

    it('refuses different passwords with "Las contraseñas no coinciden"', async () => {
      const { user, dialog, field } = await openWithPasswordChange();

      await user.type(field('Password'), NEW_PASSWORD);
      await user.type(field('Confirm password'), 'Otra.Clave2');

      expect(field('Confirm password')).toHaveAccessibleDescription(
        CREATE_USER_MESSAGES.passwordsDoNotMatch,
      );
      expect(within(dialog).getByRole('button', { name: 'Fix errors' })).toBeInTheDocument();
      await user.type(field('Confirm password'), '{Enter}');
      expect(updateCalls()).toHaveLength(0);
    });

    it('uses the create-user message for an empty name', async () => {
      const { user, field } = await openWithPasswordChange();

      await user.clear(field('Name'));

      expect(field('Name')).toHaveAccessibleDescription(CREATE_USER_MESSAGES.nameRequired);
    });

    it('sends the new password with the other fields', async () => {
      const { user, dialog, bruno, field } = await openWithPasswordChange();
      await user.type(field('Password'), NEW_PASSWORD);
      await user.type(field('Confirm password'), NEW_PASSWORD);

      await user.click(within(dialog).getByRole('button', { name: 'Update' }));

      expect(await screen.findByText(USER_MESSAGES.updated)).toBeInTheDocument();
      expect(updateCalls()).toEqual([
        {
          method: 'PUT',
          path: `/api/user/update/${bruno._id}`,
          body: {
            name: 'Bruno',
            lastName: 'Díaz',
            email: 'bruno@crm.test',
            role: 'vendor',
            password: NEW_PASSWORD,
          },
        },
      ]);
    });
  });

  it('sends {name, lastName, email, role} without a password, says "User updated successfully", closes and lists the new name', async () => {
    const { user, dialog, bruno, field } = await openEditModal();
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Bernardo');
    await user.selectOptions(field('Role'), 'driver');

    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(USER_MESSAGES.updated)).toBeInTheDocument();
    expect(updateCalls()).toEqual([
      {
        method: 'PUT',
        path: `/api/user/update/${bruno._id}`,
        body: { name: 'Bernardo', lastName: 'Díaz', email: 'bruno@crm.test', role: 'driver' },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Bernardo Díaz')).toBeInTheDocument();
    expect(screen.queryByText('Bruno Díaz')).not.toBeInTheDocument();
    const row = screen.getByText('Bernardo Díaz').closest<HTMLElement>('[role="row"]')!;
    expect(within(row).getByText('driver')).toBeInTheDocument();
  });

  it('leaves out the password when "Change Password?" was checked and then unchecked', async () => {
    const { user, dialog, field } = await openEditModal();
    const changePassword = within(dialog).getByRole('checkbox', { name: 'Change Password?' });
    await user.click(changePassword);
    await user.type(field('Password'), NEW_PASSWORD);
    await user.type(field('Confirm password'), NEW_PASSWORD);
    await user.click(changePassword);

    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(USER_MESSAGES.updated)).toBeInTheDocument();
    expect(updateCalls()).toHaveLength(1);
    expect(updateCalls()[0]!.body).not.toHaveProperty('password');
  });

  it('when the update fails, says "Failed to updating user"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, dialog, bruno, field } = await openEditModal();
    db.failures.set(`PUT /api/user/update/${bruno._id}`, 500);
    await user.clear(field('Name'));
    await user.type(field('Name'), 'Bernardo');

    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(USER_MESSAGES.updateFailed)).toBeInTheDocument();
    expect(updateCalls()).toHaveLength(1);
    expect(screen.queryByText(USER_MESSAGES.updated)).not.toBeInTheDocument();
    expect(screen.queryByText('Bernardo Díaz')).not.toBeInTheDocument();
  });

  it('when the email belongs to someone else, says "Failed to updating user" and "Correo ya registrado" under Email, and stays open', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, dialog, field } = await openEditModal();
    await user.clear(field('Email'));
    await user.type(field('Email'), 'ANA@crm.test');

    await user.click(within(dialog).getByRole('button', { name: 'Update' }));

    expect(await screen.findByText(USER_MESSAGES.updateFailed)).toBeInTheDocument();
    expect(field('Email')).toHaveAccessibleDescription(FIELD_MESSAGES.emailTaken);
    expect(field('Email')).toHaveValue('ANA@crm.test');
    expect(screen.getByRole('dialog', { name: 'Edit User' })).toBeInTheDocument();
  });

  describe('focus', () => {
    it('opens with the focus on Name, not on the close button', async () => {
      const { field } = await openEditModal();
      await waitFor(() => expect(field('Name')).toHaveFocus());
    });

    it("gives the focus back to the row's edit icon when it closes (Cancel, Escape)", async () => {
      const { user, dialog } = await openEditModal();
      // Hidden from screen readers while the dialog is open (the page behind is inert).
      const pencil = screen.getByRole('button', { name: 'Editar Bruno Díaz', hidden: true });

      await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(pencil).toHaveFocus());

      await user.click(pencil);
      await screen.findByRole('dialog', { name: 'Edit User' });
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() => expect(pencil).toHaveFocus());
    });

    it('gives the focus back to the edit icon after a successful update', async () => {
      const { user, field } = await openEditModal();
      await user.type(field('Name'), 'n');
      await user.click(screen.getByRole('button', { name: 'Update' }));

      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      await waitFor(() =>
        expect(screen.getByRole('button', { name: 'Editar Brunon Díaz' })).toHaveFocus(),
      );
    });
  });
});
