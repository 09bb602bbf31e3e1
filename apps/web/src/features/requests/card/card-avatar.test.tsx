import { APP_LABELS } from '@crm/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addRequest, addUser, rememberBoardFilters } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { setupUser } from '../../../test/user';

const BOARD = '/main/requests';
const findCard = (name: string) => screen.findByRole('article', { name: new RegExp(`: ${name}$`) });

/** A vendor executive, one request assigned to them and one nobody has. */
function seed() {
  const luis = addUser({ role: 'vendor', name: 'Luis', lastName: 'Pérez' });
  addRequest({ name: 'Asignada', vendor: luis._id });
  addRequest({ name: 'Libre', vendor: null });
  return { luis };
}

describe('card avatar, shown honestly per role', () => {
  it.each(['vendor', 'driver'] as const)(
    'for a %s, the avatars are plain pictures named after the executive, not buttons',
    async (role) => {
      seed();
      renderApp(BOARD, rememberBoardFilters(addUser({ role })));

      const free = await findCard('Libre');
      const plain = within(free).getByRole('img', { name: APP_LABELS.noVendor });
      expect(plain.querySelector('svg')).not.toBeNull();
      expect(within(free).queryByRole('button', { name: /Sin ejecutivo/ })).not.toBeInTheDocument();

      const assigned = await findCard('Asignada');
      const initials = await within(assigned).findByRole('img', { name: 'Ejecutivo: Luis Pérez' });
      expect(initials).toHaveTextContent(/^LP$/);
      expect(within(assigned).queryByRole('button', { name: /Ejecutivo/ })).not.toBeInTheDocument();
      // Not a Tab stop: the card's edit icon is the keyboard's way to the modal.
      expect(initials).not.toHaveAttribute('tabindex');
    },
  );

  it('for a vendor, a click on the plain avatar still opens "Editar solicitud" (§2)', async () => {
    seed();
    renderApp(BOARD, rememberBoardFilters(addUser({ role: 'vendor' })));
    const free = await findCard('Libre');

    await setupUser().click(within(free).getByRole('img', { name: APP_LABELS.noVendor }));

    expect(await screen.findByRole('dialog', { name: 'Editar solicitud' })).toBeInTheDocument();
  });

  it('for a system admin, the avatars are buttons; the initials lead the name (label in name)', async () => {
    seed();
    renderApp(BOARD, addUser({ role: 'system admin' }));

    const free = await findCard('Libre');
    expect(
      within(free).getByRole('button', { name: `${APP_LABELS.noVendor}: asignar` }),
    ).toBeInTheDocument();

    const assigned = await findCard('Asignada');
    const button = await within(assigned).findByRole('button', {
      name: 'LP, Ejecutivo: Luis Pérez',
    });
    expect(button).toHaveTextContent(/^LP$/);
    // The accessible name holds the visible text (axe: label-content-name-mismatch).
    const name = button.getAttribute('aria-label') ?? '';
    expect(name.split(/[\s,:]+/)).toContain(button.textContent);
  });
});

describe('card avatar with the executive’s photo (issue 23)', () => {
  it('shows the photo inside the same avatar, named as before; initials for one without', async () => {
    const luis = addUser({ role: 'vendor', name: 'Luis', lastName: 'Pérez' });
    luis.photo = '/api/photos/AAAAAAAAAAAAAAAAAAAAAA.webp';
    addRequest({ name: 'Asignada', vendor: luis._id });
    const eva = addUser({ role: 'vendor', name: 'Eva', lastName: 'Ríos' });
    addRequest({ name: 'Otra', vendor: eva._id });
    renderApp(BOARD, addUser({ role: 'system admin' }));

    const withPhoto = await within(await findCard('Asignada')).findByRole('button', {
      name: 'LP, Ejecutivo: Luis Pérez',
    });
    expect(withPhoto.querySelector('img')).toHaveAttribute('src', luis.photo);
    expect(withPhoto.querySelector('img')).toHaveAttribute('alt', '');
    const initials = await within(await findCard('Otra')).findByRole('button', {
      name: 'ER, Ejecutivo: Eva Ríos',
    });
    expect(initials.querySelector('img')).toBeNull();
    expect(initials).toHaveTextContent(/^ER$/);
  });
});
