// What the users screen's test files share: its people and how the screen is opened. Test code
// only: imported by *.test.tsx, never by the app.
import { screen, within } from '@testing-library/react';
import { ADMIN_ROLE } from '@crm/shared';
import { addUser, type StoredUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
// The screen is a lazy chunk: loaded with this file, not inside a first test's 5 s `findBy`
// (docs/testing.md).
import './users-page';
import { setupUser } from '../../../test/user';

/** A password that keeps the create-user rules. */
export const NEW_PASSWORD = 'Nueva.Clave1';

/** Ana García, the system admin who opens the screen. */
export const addAdminAna = () =>
  addUser({ role: ADMIN_ROLE, name: 'Ana', lastName: 'García', email: 'ana@crm.test' });

/** Bruno Díaz, a vendor on the list. */
export const addVendorBruno = () =>
  addUser({ role: 'vendor', name: 'Bruno', lastName: 'Díaz', email: 'bruno@crm.test' });

/** /main/users, signed in as `admin`; answers the person at the keyboard. */
export function renderUsersPage(admin: StoredUser) {
  renderApp('/main/users', admin);
  return setupUser();
}

/** The user table's rows, in the order shown (its header row left out). */
export function userRows(): HTMLElement[] {
  const table = screen.getByRole('table', { name: 'Usuarios' });
  return within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('columnheader').length === 0);
}
