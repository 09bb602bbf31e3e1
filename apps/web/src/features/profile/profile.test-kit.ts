// What Perfil's test files share: how the screen is opened and its sections found. Test code
// only: imported by *.test.tsx, never by the app.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PROFILE_LABELS } from '@crm/shared';
import { addUser, db, type StoredUser } from '../../test/fake-api';
import { renderApp } from '../../test/render';

/** Ana García, a vendor: Perfil is every role's. */
export const addVendorAna = (overrides: Partial<StoredUser> = {}) =>
  addUser({ role: 'vendor', name: 'Ana', lastName: 'García', email: 'ana@crm.test', ...overrides });

/** /main/profile signed in as `person`, once its sections show; answers the keyboard and mouse. */
export async function openProfile(person: StoredUser, options: { applyAccept?: boolean } = {}) {
  const rendered = renderApp('/main/profile', person);
  await screen.findByRole('heading', { level: 1, name: PROFILE_LABELS.heading });
  await screen.findByRole('region', { name: PROFILE_LABELS.personal });
  return { user: userEvent.setup(options), ...rendered };
}

/** One of Perfil's sections, by its heading. */
export const section = (title: string) => within(screen.getByRole('region', { name: title }));

/** The calls made to `method path`, in order. */
export const callsTo = (method: string, path: string) =>
  db.calls.filter((call) => call.method === method && call.path === path);
