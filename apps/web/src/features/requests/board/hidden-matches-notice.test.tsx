import { HIDDEN_MATCHES_LABELS } from '@crm/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addRequest, addUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { setupUser } from '../../../test/user';

// Issue 33 item 2: a search whose matches the filters hide says so and offers them.

const BOARD = '/main/requests';
const MARTA = 'marta.rojas@andes.cl';

const search = () => screen.getByTestId('location-search').textContent;
const findCard = (name: string) => screen.findByRole('article', { name: new RegExp(`: ${name}$`) });
const cardNames = () =>
  screen
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label')?.replace(/^Solicitud [^:]+: /, ''))
    .sort();
const showAll = () => screen.findByRole('button', { name: /^Ver todas/ });

function seed() {
  const bea = addUser({ role: 'vendor', name: 'Bea', lastName: 'Ruiz' });
  const carlos = addUser({ role: 'vendor', name: 'Carlos', lastName: 'Soto' });
  addRequest({ name: 'Marta de Bea', email: MARTA, vendor: bea._id });
  addRequest({ name: 'Marta 1', email: MARTA, vendor: carlos._id, priority: 'high' });
  addRequest({ name: 'Marta 2', email: MARTA, vendor: carlos._id, status: 'contacted' });
  addRequest({ name: 'Marta 3', email: MARTA, vendor: carlos._id });
  addRequest({ name: 'Otro cliente', email: 'otro@empresa.test', vendor: carlos._id });
  return { bea };
}

describe('the board says what its filters hide of a search', () => {
  it('when a vendor searches an email under "Mis solicitudes", then the notice counts the other executives\' matches and "Ver todas" shows them, search kept', async () => {
    const { bea } = seed();
    renderApp(BOARD, bea);
    await findCard('Marta de Bea');
    expect(search()).toBe('?vendor=me');
    expect(screen.queryByText(/más con otros ejecutivos/)).toBeNull();
    const user = setupUser();

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), MARTA);

    expect(await screen.findByText(HIDDEN_MATCHES_LABELS.otherVendors('3'))).toBeVisible();
    expect(cardNames()).toEqual(['Marta de Bea']);
    await user.click(await showAll());

    await findCard('Marta 3');
    expect(cardNames()).toEqual(['Marta 1', 'Marta 2', 'Marta 3', 'Marta de Bea']);
    expect(search()).toBe(`?q=${encodeURIComponent(MARTA)}`);
    expect(screen.queryByRole('button', { name: /^Ver todas/ })).toBeNull();
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveFocus();
  });

  it('when other filters hide matches, then the notice says so and "Ver todas" drops them all', async () => {
    const { bea } = seed();
    renderApp(`${BOARD}?q=${MARTA}&priority=low&requestType=otro`, bea);

    expect(await screen.findByText(HIDDEN_MATCHES_LABELS.otherFilters('1'))).toBeVisible();
    expect(cardNames()).toEqual(['Marta 2', 'Marta 3', 'Marta de Bea']);
    await setupUser().click(await showAll());

    await findCard('Marta 1');
    expect(search()).toBe(`?q=${encodeURIComponent(MARTA)}`);
  });

  it('when the filters hide none of the search’s matches, then no notice shows', async () => {
    const { bea } = seed();
    renderApp(`${BOARD}?q=Marta de Bea&vendor=me`, bea);
    await findCard('Marta de Bea');

    expect(screen.queryByText(/más con otros ejecutivos|más fuera de los filtros/)).toBeNull();
  });
});
