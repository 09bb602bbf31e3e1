import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { USER_MESSAGES } from '@crm/shared';
import { addUser, db } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { addAdminAna, addVendorBruno, renderUsersPage, userRows } from './users.test-kit';
// The screen is a lazy chunk: loaded with this file, its first import (transforming it) doesn't
// fall inside the first test's 5 s `findBy`, which a busy machine took 5.5 s of.
import './users-page';

/** An admin signed in, plus two other users, on /main/users with the list loaded. */
async function openUsersPage() {
  const admin = addAdminAna();
  const vendor = addVendorBruno();
  const driver = addUser({
    role: 'driver',
    name: 'Carla',
    lastName: 'Ruiz',
    email: 'carla@crm.test',
  });
  const user = renderUsersPage(admin);
  await screen.findByText('bruno@crm.test');
  return { admin, vendor, driver, user };
}

/** The row of the user table that holds `text`. */
function rowOf(text: string) {
  const row = within(screen.getByRole('main')).getByText(text).closest<HTMLElement>('[role="row"]');
  if (!row) throw new Error(`No user row holds "${text}"`);
  return row;
}

const deleteCalls = () => db.calls.filter((call) => call.method === 'DELETE');

describe('users screen (/main/users)', () => {
  it('shows the heading "Usuarios" and one row per user with initials, full name, email and role', async () => {
    await openUsersPage();

    expect(screen.getByRole('heading', { name: 'Usuarios' })).toBeInTheDocument();
    expect(userRows()).toHaveLength(3);

    const expected = [
      ['AG', 'Ana García', 'ana@crm.test', 'system admin'],
      ['BD', 'Bruno Díaz', 'bruno@crm.test', 'vendor'],
      ['CR', 'Carla Ruiz', 'carla@crm.test', 'driver'],
    ];
    for (const [initials, fullName, email, role] of expected) {
      const row = rowOf(email!);
      expect(within(row).getByText(initials!)).toBeInTheDocument();
      expect(within(row).getByText(fullName!)).toBeInTheDocument();
      expect(within(row).getByText(role!)).toBeInTheDocument();
    }
  });

  it('marks the role values, words of the spec in English, with lang="en"', async () => {
    await openUsersPage();
    expect(within(rowOf('bruno@crm.test')).getByText('vendor')).toHaveAttribute('lang', 'en');
  });

  it('highlights the row that was clicked, and only that one', async () => {
    const { user } = await openUsersPage();

    await user.click(rowOf('bruno@crm.test'));
    expect(rowOf('bruno@crm.test')).toHaveAttribute('aria-current', 'true');
    expect(rowOf('carla@crm.test')).not.toHaveAttribute('aria-current');

    await user.click(within(rowOf('carla@crm.test')).getByText('Carla Ruiz'));
    expect(rowOf('carla@crm.test')).toHaveAttribute('aria-current', 'true');
    expect(rowOf('bruno@crm.test')).not.toHaveAttribute('aria-current');
  });

  it('"Crear Usuario" opens the form and hides the list; "Cancelar" closes it again', async () => {
    const { user } = await openUsersPage();

    await user.click(screen.getByRole('button', { name: 'Crear Usuario' }));

    expect(screen.getByRole('heading', { name: 'Create new user' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Crear Usuario' })).not.toBeInTheDocument();
    expect(screen.queryByText('bruno@crm.test')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancelar' }));

    expect(screen.queryByRole('heading', { name: 'Create new user' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Crear Usuario' })).toBeInTheDocument();
    expect(screen.getByText('bruno@crm.test')).toBeInTheDocument();
  });

  it('reads "Loading..." while the users are being fetched', async () => {
    const admin = addAdminAna();
    addVendorBruno();
    // Only the user list is held (until the test lets it go, so a slow machine can't answer it
    // before "Loading..." is looked for); the screen itself (heading, button) is already there.
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('/api/user/all', async () => {
        await held; // then the fake answers
      }),
    );
    renderApp('/main/users', admin);

    await screen.findByRole('heading', { name: 'Usuarios' });
    expect(within(screen.getByRole('main')).getByText('Loading...')).toBeInTheDocument();
    expect(screen.queryByText('bruno@crm.test')).not.toBeInTheDocument();

    answer();
    expect(await screen.findByText('bruno@crm.test')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).queryByText('Loading...')).not.toBeInTheDocument();
  });
});

describe('access to the users screen', () => {
  it.each(['vendor', 'driver'] as const)(
    'sends a %s who opens /main/users to /main/home, without the user list',
    async (role) => {
      const person = addUser({ role, email: 'persona@crm.test' });
      addAdminAna();
      renderApp('/main/users', person);

      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/main/home'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'Usuarios' })).not.toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Crear Usuario' })).not.toBeInTheDocument();
      expect(screen.queryByText('ana@crm.test')).not.toBeInTheDocument();
    },
  );
  // The sidebar's links per role are checked in src/app/routes.test.tsx.
});

describe('deleting a user', () => {
  it('offers no delete on the signed-in admin’s own row, only on the others (issue 32)', async () => {
    await openUsersPage();
    expect(within(rowOf('ana@crm.test')).queryByRole('button', { name: /^Eliminar/ })).toBeNull();
    expect(
      within(rowOf('ana@crm.test')).getByRole('button', { name: 'Editar Ana García' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar Bruno Díaz' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar Carla Ruiz' })).toBeInTheDocument();
  });

  it('asks "Are you sure you want to delete this user?" with "Yes" and "Cancel"', async () => {
    const { user } = await openUsersPage();

    await user.click(screen.getByRole('button', { name: 'Eliminar Bruno Díaz' }));

    const dialog = await screen.findByRole('alertdialog', { name: USER_MESSAGES.deleteConfirm });
    expect(within(dialog).getByRole('button', { name: 'Yes' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(deleteCalls()).toHaveLength(0);
  });

  it('names the user it is about: the question, then the full name and the email', async () => {
    const { user } = await openUsersPage();

    await user.click(screen.getByRole('button', { name: 'Eliminar Bruno Díaz' }));

    const dialog = await screen.findByRole('alertdialog', { name: USER_MESSAGES.deleteConfirm });
    // The question is the spec's English; who it is about follows, as its description.
    expect(within(dialog).getByText(USER_MESSAGES.deleteConfirm)).toHaveAttribute('lang', 'en');
    expect(dialog).toHaveAccessibleDescription('Bruno Díaz bruno@crm.test');
    const question = within(dialog).getByText(USER_MESSAGES.deleteConfirm);
    const name = within(dialog).getByText('Bruno Díaz');
    expect(question.compareDocumentPosition(name) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(dialog).getByText('bruno@crm.test')).toBeInTheDocument();
    expect(within(dialog).queryByText('carla@crm.test')).not.toBeInTheDocument();
  });

  it('"Yes" deletes the user the confirmation named, even if another row is selected', async () => {
    const { user, vendor } = await openUsersPage();
    await user.click(rowOf('carla@crm.test'));
    await user.click(screen.getByRole('button', { name: 'Eliminar Bruno Díaz' }));

    await user.click(screen.getByRole('button', { name: 'Yes' }));

    await waitFor(() =>
      expect(deleteCalls()).toEqual([
        { method: 'DELETE', path: `/api/user/delete/${vendor._id}`, body: undefined },
      ]),
    );
  });

  it('keeps the confirmation open until the person answers', async () => {
    await openUsersPage();
    // Fake clocks from before the pop-up opens, so any self-closing timer would be under control.
    // (fireEvent: Testing Library's async helpers wait on real timers.)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Eliminar Bruno Díaz' }));
      expect(screen.getByRole('alertdialog')).toBeInTheDocument();

      // Far beyond the 5 s after which notices close themselves (NOTICE_OPTIONS).
      act(() => {
        vi.advanceTimersByTime(60_000);
      });

      expect(screen.getByRole('alertdialog', { name: USER_MESSAGES.deleteConfirm })).toBeVisible();
    } finally {
      vi.useRealTimers();
    }
    expect(deleteCalls()).toHaveLength(0);
  });

  it('"Cancel" closes the confirmation without deleting', async () => {
    const { user } = await openUsersPage();
    await user.click(screen.getByRole('button', { name: 'Eliminar Bruno Díaz' }));

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleteCalls()).toHaveLength(0);
    expect(screen.getByText('bruno@crm.test')).toBeInTheDocument();
  });

  it('Escape closes the confirmation without deleting', async () => {
    const { user } = await openUsersPage();
    await user.click(screen.getByRole('button', { name: 'Eliminar Bruno Díaz' }));

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(deleteCalls()).toHaveLength(0);
    expect(screen.getByText('bruno@crm.test')).toBeInTheDocument();
  });

  it("gives the focus back to the row's delete button when the confirmation closes (Cancel or Escape)", async () => {
    const { user } = await openUsersPage();
    const trash = screen.getByRole('button', { name: 'Eliminar Bruno Díaz' });
    for (const close of ['{Escape}', 'cancel'] as const) {
      await user.click(trash);
      const dialog = await screen.findByRole('alertdialog', { name: USER_MESSAGES.deleteConfirm });
      if (close === 'cancel')
        await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
      else await user.keyboard(close);
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      await waitFor(() => expect(trash).toHaveFocus());
    }
  });

  it('"Yes" deletes the user, says "User deleted successfully" and the row disappears', async () => {
    const { user, vendor } = await openUsersPage();
    await user.click(screen.getByRole('button', { name: 'Eliminar Bruno Díaz' }));

    await user.click(screen.getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText(USER_MESSAGES.deleted)).toBeInTheDocument();
    expect(deleteCalls()).toEqual([
      { method: 'DELETE', path: `/api/user/delete/${vendor._id}`, body: undefined },
    ]);
    await waitFor(() => expect(screen.queryByText('bruno@crm.test')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('carla@crm.test')).toBeInTheDocument();
    // The list was fetched again after the deletion.
    const deletedAt = db.calls.findIndex((call) => call.method === 'DELETE');
    expect(
      db.calls.slice(deletedAt + 1).some((c) => c.method === 'GET' && c.path === '/api/user/all'),
    ).toBe(true);
  });

  it('when the deletion fails, says "Failed to delete user" and the row stays', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user, vendor } = await openUsersPage();
    db.failures.set(`DELETE /api/user/delete/${vendor._id}`, 500);
    await user.click(screen.getByRole('button', { name: 'Eliminar Bruno Díaz' }));

    await user.click(screen.getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText(USER_MESSAGES.deleteFailed)).toBeInTheDocument();
    expect(deleteCalls()).toHaveLength(1);
    expect(screen.queryByText(USER_MESSAGES.deleted)).not.toBeInTheDocument();
    expect(screen.getByText('bruno@crm.test')).toBeInTheDocument();
  });
});
