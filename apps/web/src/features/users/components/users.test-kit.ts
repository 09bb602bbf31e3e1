// What the users screen's test files share: its people and how the screen is opened. Test code
// only: imported by *.test.tsx, never by the app.
import userEvent from '@testing-library/user-event';
import { ADMIN_ROLE } from '@crm/shared';
import { addUser, type StoredUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

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
  return userEvent.setup();
}
