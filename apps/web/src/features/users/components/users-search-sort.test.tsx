import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { USERS_LABELS } from '@crm/shared';
import { addUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { addAdminAna, addVendorBruno, renderUsersPage, userRows } from './users.test-kit';
// The screen is a lazy chunk: loaded with this file, not inside a first test's 5 s `findBy`
// (docs/testing.md).
import './users-page';
import { setupUser } from '../../../test/user';

/**
 * Four people whose orders differ by column: by name Ana, Bruno, Carla, José; by email ana@,
 * bruno@, logistica@ (José), zeta@ (Carla); by role driver, system admin, vendor (Bruno, Carla).
 */
function seedPeople() {
  const admin = addAdminAna();
  addVendorBruno();
  addUser({ role: 'vendor', name: 'Carla', lastName: 'Ruiz', email: 'zeta@crm.test' });
  addUser({ role: 'driver', name: 'José', lastName: 'Núñez', email: 'logistica@crm.test' });
  return admin;
}

/** /main/users at `search` (e.g. "?q=jose"), with the list drawn. */
async function openUsers(search = '') {
  const admin = seedPeople();
  const user = search ? openAt(search, admin) : renderUsersPage(admin);
  await screen.findByRole('table', { name: 'Usuarios' });
  return user;
}

function openAt(search: string, admin: ReturnType<typeof addAdminAna>) {
  renderApp(`/main/users${search}`, admin);
  return setupUser();
}

/** The full names in the rows, top to bottom. */
const shownNames = () =>
  userRows().map((row) => within(row).getAllByRole('button')[0]?.textContent ?? '');

const searchBox = () => screen.getByRole('searchbox', { name: USERS_LABELS.search });
const header = (name: string) => screen.getByRole('columnheader', { name });
const sortButton = (name: string) => within(header(name)).getByRole('button', { name });
const count = () => within(screen.getByRole('main')).getByRole('status');
const urlSearch = () => screen.getByTestId('location-search').textContent;

const BY_NAME = ['Ana García', 'Bruno Díaz', 'Carla Ruiz', 'José Núñez'];
const BY_EMAIL = ['Ana García', 'Bruno Díaz', 'José Núñez', 'Carla Ruiz'];
const BY_ROLE = ['José Núñez', 'Ana García', 'Bruno Díaz', 'Carla Ruiz'];

describe('users screen: search, order and count (issue 25)', () => {
  it('lists everyone by name, A to Z, under the headers Nombre, Correo and Rol, with "4 usuarios"', async () => {
    await openUsers();

    const headers = screen.getAllByRole('columnheader');
    expect(headers.slice(0, 3).map((cell) => cell.textContent)).toEqual([
      'Nombre',
      'Correo',
      'Rol',
    ]);
    expect(shownNames()).toEqual(BY_NAME);
    expect(header('Nombre')).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Correo')).not.toHaveAttribute('aria-sort');
    expect(header('Rol')).not.toHaveAttribute('aria-sort');
    expect(count()).toHaveTextContent('4 usuarios');
    expect(urlSearch()).toBe('');
  });

  it('finds by name as one types, says "1 de 4 usuarios" and puts ?q= in the URL', async () => {
    const user = await openUsers();

    await user.type(searchBox(), 'br');

    expect(shownNames()).toEqual(['Bruno Díaz']);
    expect(count()).toHaveTextContent('1 de 4 usuarios');
    expect(urlSearch()).toBe('?q=br');
  });

  it('finds by email', async () => {
    const user = await openUsers();

    await user.type(searchBox(), 'logistica@');

    expect(shownNames()).toEqual(['José Núñez']);
  });

  it.each(['Jose', 'JOSÉ', 'nunez', 'núñez jose'])(
    'finds "José Núñez" with "%s": no matter the accents, the case or the order of the words',
    async (query) => {
      const user = await openUsers();

      await user.type(searchBox(), query);

      expect(shownNames()).toEqual(['José Núñez']);
    },
  );

  it('says so when nobody matches, and clearing the search brings everyone back', async () => {
    const user = await openUsers();

    await user.type(searchBox(), 'xyz');

    expect(shownNames()).toEqual([]);
    expect(count()).toHaveTextContent('0 de 4 usuarios');
    expect(screen.getByText(USERS_LABELS.noMatch('xyz'))).toBeInTheDocument();

    await user.clear(searchBox());

    expect(shownNames()).toEqual(BY_NAME);
    expect(count()).toHaveTextContent('4 usuarios');
    expect(urlSearch()).toBe('');
  });

  it.each([
    ['Correo', BY_EMAIL],
    ['Rol', BY_ROLE],
  ])('"%s" sorts A to Z, and Z to A when pressed again', async (column, ascending) => {
    const user = await openUsers();

    await user.click(sortButton(column));
    expect(shownNames()).toEqual(ascending);
    expect(header(column)).toHaveAttribute('aria-sort', 'ascending');
    expect(header('Nombre')).not.toHaveAttribute('aria-sort');

    await user.click(sortButton(column));
    expect(shownNames()).toEqual([...ascending].reverse());
    expect(header(column)).toHaveAttribute('aria-sort', 'descending');
  });

  it('"Nombre", the order it opens in, turns Z to A when pressed, and A to Z again', async () => {
    const user = await openUsers();

    await user.click(sortButton('Nombre'));
    expect(shownNames()).toEqual([...BY_NAME].reverse());
    expect(header('Nombre')).toHaveAttribute('aria-sort', 'descending');
    expect(urlSearch()).toBe('?dir=desc');

    await user.click(sortButton('Nombre'));
    expect(shownNames()).toEqual(BY_NAME);
    expect(header('Nombre')).toHaveAttribute('aria-sort', 'ascending');
    expect(urlSearch()).toBe('');
  });

  it('sorts from the keyboard: Tab to a header, Enter, then Space', async () => {
    const user = await openUsers();
    searchBox().focus();

    await user.tab();
    await user.tab();
    expect(sortButton('Correo')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(shownNames()).toEqual(BY_EMAIL);
    await user.keyboard(' ');
    expect(shownNames()).toEqual([...BY_EMAIL].reverse());
  });

  it('keeps the order while searching, and the search while sorting', async () => {
    const user = await openUsers();
    await user.click(sortButton('Rol'));
    await user.click(sortButton('Rol'));

    await user.type(searchBox(), 'crm.test');
    expect(shownNames()).toEqual([...BY_ROLE].reverse());

    await user.clear(searchBox());
    await user.type(searchBox(), 'a');
    // "a" is in Ana, Carla, José's "logistica" and Bruno's "Díaz": everyone, role Z to A.
    expect(shownNames()).toEqual([...BY_ROLE].reverse());
    expect(urlSearch()).toBe('?sort=role&dir=desc&q=a');
  });

  it('opens as the URL says (a reload, a shared link): the search typed in, the order marked', async () => {
    await openUsers('?q=jose&sort=email&dir=desc');

    expect(searchBox()).toHaveValue('jose');
    expect(shownNames()).toEqual(['José Núñez']);
    expect(count()).toHaveTextContent('1 de 4 usuarios');
    expect(header('Correo')).toHaveAttribute('aria-sort', 'descending');
  });

  it('ignores an order a link cannot have, and lists by name', async () => {
    await openUsers('?sort=password&dir=sideways');

    expect(shownNames()).toEqual(BY_NAME);
    expect(header('Nombre')).toHaveAttribute('aria-sort', 'ascending');
  });

  it('the sidebar\'s "Usuarios" link clears the search from the box too', async () => {
    const user = await openUsers('?q=bruno');
    expect(searchBox()).toHaveValue('bruno');

    await user.click(
      within(screen.getByRole('navigation', { name: 'Principal' })).getByRole('link', {
        name: 'Usuarios',
      }),
    );

    await waitFor(() => expect(searchBox()).toHaveValue(''));
    expect(shownNames()).toEqual(BY_NAME);
  });

  it('hides the search and the count with the list while the create form is open', async () => {
    const user = await openUsers();

    await user.click(screen.getByRole('button', { name: 'Crear Usuario' }));

    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
