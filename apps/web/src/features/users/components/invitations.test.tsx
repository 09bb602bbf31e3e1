import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@crm/shared';
import { accountMail, addInvitedUser, db, lastLink } from '../../../test/fake-api';
import { addAdminAna, renderUsersPage, userRows } from './users.test-kit';

/** An admin on /main/users with "Create new user" opened, "Enviar invitación" chosen. */
async function openInvitation() {
  const user = renderUsersPage(addAdminAna());
  await screen.findByText('ana@crm.test');
  await user.click(screen.getByRole('button', { name: 'Crear Usuario' }));
  await user.click(screen.getByRole('radio', { name: 'Enviar invitación' }));
  return user;
}

const inviteCalls = () => db.calls.filter((call) => call.path === '/api/user/invite');

describe('"Create new user" with "Enviar invitación" (issue 23)', () => {
  it('when nothing is chosen, then the form is §2’s with its password fields', async () => {
    const user = renderUsersPage(addAdminAna());
    await screen.findByText('ana@crm.test');
    await user.click(screen.getByRole('button', { name: 'Crear Usuario' }));
    expect(screen.getByRole('radio', { name: 'Escribir contraseña' })).toBeChecked();
    expect(screen.getByLabelText('Contraseña*')).toBeInTheDocument();
    expect(screen.getByLabelText('Confirmar Contraseña*')).toBeInTheDocument();
  });

  it('when an invitation is sent, then the password fields are gone, the user is invited and the notice says so', async () => {
    const user = await openInvitation();
    expect(screen.queryByLabelText('Contraseña*')).not.toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Rol*'), 'vendor');
    await user.type(screen.getByLabelText('Nombre*'), 'Bruno');
    await user.type(screen.getByLabelText('Apellido*'), 'Díaz');
    await user.type(screen.getByLabelText('Correo*'), 'bruno@crm.test');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));

    expect(
      await screen.findByText(ACCOUNT_MESSAGES.invitationSent('bruno@crm.test')),
    ).toBeInTheDocument();
    expect(inviteCalls()[0]?.body).toEqual({
      role: 'vendor',
      name: 'Bruno',
      lastName: 'Díaz',
      email: 'bruno@crm.test',
    });
    expect(lastLink('bruno@crm.test')).toMatch(/\/invitacion\?token=/);
    // The mail went: no link to pass on.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the server sends no email, then the link shows once in a dialog with a copy button', async () => {
    accountMail.smtp = false;
    const user = await openInvitation();
    await user.type(screen.getByLabelText('Nombre*'), 'Bruno');
    await user.type(screen.getByLabelText('Apellido*'), 'Díaz');
    await user.type(screen.getByLabelText('Correo*'), 'bruno@crm.test');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));

    const dialog = await screen.findByRole('dialog', { name: 'Enlace de invitación' });
    expect(within(dialog).getByText(ACCOUNT_MESSAGES.invitationLinkOnce)).toBeInTheDocument();
    const link = within(dialog).getByRole<HTMLInputElement>('textbox', {
      name: 'Enlace de invitación',
    }).value;
    expect(link).toMatch(/^http.*\/invitacion\?token=[\w-]{43}$/);
    await user.click(within(dialog).getByRole('button', { name: 'Copiar enlace' }));
    expect(await within(dialog).findByRole('button', { name: 'Enlace copiado' })).toBeVisible();
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(link);
    await user.click(within(dialog).getAllByRole('button', { name: 'Cerrar' })[0]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('when the address is taken, then the form says so under Correo', async () => {
    const user = await openInvitation();
    await user.type(screen.getByLabelText('Nombre*'), 'Ana');
    await user.type(screen.getByLabelText('Apellido*'), 'Otra');
    await user.type(screen.getByLabelText('Correo*'), 'ana@crm.test');
    await user.click(screen.getByRole('button', { name: 'Enviar invitación' }));
    expect(await screen.findByText('Correo ya registrado')).toBeInTheDocument();
  });
});

describe('a pending invitation in the users list (issue 23)', () => {
  it('shows "Invitación pendiente" on the invited user only, and "Reenviar invitación" sends a new link', async () => {
    const user = renderUsersPage(addAdminAna());
    addInvitedUser({ role: 'vendor', name: 'Bruno', lastName: 'Díaz', email: 'bruno@crm.test' });
    await screen.findByText('bruno@crm.test');
    const [anaRow, brunoRow] = [
      userRows().find((row) => within(row).queryByText('ana@crm.test'))!,
      userRows().find((row) => within(row).queryByText('bruno@crm.test'))!,
    ];
    expect(within(anaRow).queryByText('Invitación pendiente')).not.toBeInTheDocument();
    expect(within(brunoRow).getByText('Invitación pendiente')).toBeInTheDocument();

    await user.click(within(brunoRow).getByRole('button', { name: 'Reenviar invitación' }));
    expect(
      await screen.findByText(ACCOUNT_MESSAGES.invitationSent('bruno@crm.test')),
    ).toBeInTheDocument();
    expect(lastLink('bruno@crm.test')).toMatch(/\/invitacion\?token=/);
  });

  it('when the server sends no email, then the re-sent link shows once in the dialog', async () => {
    accountMail.smtp = false;
    const user = renderUsersPage(addAdminAna());
    addInvitedUser({ role: 'vendor', email: 'bruno@crm.test' });
    await screen.findByText('bruno@crm.test');
    await user.click(screen.getByRole('button', { name: 'Reenviar invitación' }));
    const dialog = await screen.findByRole('dialog', { name: 'Enlace de invitación' });
    expect(
      within(dialog).getByRole<HTMLInputElement>('textbox', { name: 'Enlace de invitación' }).value,
    ).toMatch(/\/invitacion\?token=[\w-]{43}$/);
  });
});
