import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addRequest, addUser, db } from '../../../test/fake-api';
import { findCard } from '../../../test/board';
import { renderApp } from '../../../test/render';

// Issue 33 item 11: an empty board says what to do first, from the counts the board already has.

const BOARD = '/main/requests';
const guide = () => screen.queryByRole('region', { name: /^Aún no (tienes|hay) solicitudes$/ });
const boardCalls = () => db.calls.filter((call) => call.path === '/api/form-contact/board');

describe('a board with nothing to show', () => {
  it('a new vendor (on "Mis solicitudes", the first visit\'s filter) is told to create the first request and where assigned ones appear; the button opens "New request"', async () => {
    const other = addUser({ role: 'vendor', name: 'Olga', lastName: 'Otra' });
    addRequest({ name: 'De otra', vendor: other._id });
    const vendor = addUser({ role: 'vendor', name: 'Nico', lastName: 'Nuevo' });
    renderApp(BOARD, vendor);

    const region = await screen.findByRole('region', { name: 'Aún no tienes solicitudes' });
    expect(screen.getByTestId('location-search')).toHaveTextContent('vendor=me');
    expect(region).toHaveTextContent('Empieza creando tu primera solicitud');
    expect(region).toHaveTextContent('Las que un administrador te asigne aparecerán aquí');
    // Decided from the board call's counts: no call of its own.
    expect(boardCalls()).toHaveLength(1);

    await userEvent
      .setup()
      .click(within(region).getByRole('button', { name: 'Crear mi primera solicitud' }));
    expect(await screen.findByRole('dialog', { name: 'New request' })).toBeInTheDocument();
  });

  it('is not shown to a vendor who has a request of their own', async () => {
    const vendor = addUser({ role: 'vendor', name: 'Nico', lastName: 'Nuevo' });
    addRequest({ name: 'Mía', vendor: vendor._id });
    renderApp(BOARD, vendor);
    await findCard('Mía');
    expect(guide()).not.toBeInTheDocument();
  });

  it('says nothing when filters hide everything (a search that matches nothing)', async () => {
    const vendor = addUser({ role: 'vendor', name: 'Nico', lastName: 'Nuevo' });
    renderApp(`${BOARD}?vendor=me&q=zzz`, vendor);
    await waitFor(() => expect(boardCalls()).toHaveLength(1));
    await screen.findAllByText('0');
    expect(guide()).not.toBeInTheDocument();
  });

  it('an admin with no requests at all learns where they come from: the website form, Importar, "+", and that assigning is theirs', async () => {
    const admin = addUser({ role: 'system admin', name: 'Admin', lastName: 'Root' });
    renderApp(BOARD, admin);

    const region = await screen.findByRole('region', { name: 'Aún no hay solicitudes' });
    expect(
      within(region).getByRole('link', { name: 'el formulario del sitio web' }),
    ).toHaveAttribute('href', '/form');
    expect(region).toHaveTextContent('«Importar»');
    expect(region).toHaveTextContent('«+» en NUEVA SOLICITUD');
    expect(region).toHaveTextContent('Asignarlas es tarea tuya');
  });

  it('an admin whose filters leave the board empty is not told where leads come from', async () => {
    addRequest({ name: 'Baja', priority: 'low' });
    const admin = addUser({ role: 'system admin', name: 'Admin', lastName: 'Root' });
    renderApp(`${BOARD}?priority=high`, admin);
    await waitFor(() => expect(boardCalls()).toHaveLength(1));
    await screen.findAllByText('0');
    expect(guide()).not.toBeInTheDocument();
  });
});
