import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BOARD_VIEW_LABELS, BOARD_VIEW_MESSAGES, BOARD_MOVE_LABELS } from '@crm/shared';
import {
  addBoardView,
  addRequest,
  addUser,
  db,
  rememberBoardFilters,
  storedBoardFilters,
} from '../../../../test/fake-api';
import { renderApp } from '../../../../test/render';
import { setupUser, type User } from '../../../../test/user';

// Issue 25 item 1: the board opens as its user left it, on any visit; a link's filters win.

const BOARD = '/main/requests';
const FILTERS_CALL = '/api/me/board-filters';

const search = () => screen.getByTestId('location-search').textContent;
const findCard = (name: string) => screen.findByRole('article', { name: new RegExp(`: ${name}$`) });
const cardNames = () =>
  screen
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label')?.replace(/^Solicitud [^:]+: /, ''));
const callsTo = (method: string, path: string) =>
  db.calls.filter((call) => call.method === method && call.path === path);
const boardSearches = () =>
  callsTo('GET', '/api/form-contact/board').map((call) => call.search ?? '');

function seed() {
  const bea = addUser({ role: 'vendor', name: 'Bea', lastName: 'Ruiz' });
  const admin = addUser({ role: 'system admin', name: 'Ana', lastName: 'García' });
  addRequest({ name: 'De Bea', vendor: bea._id });
  addRequest({ name: 'Sin dueño', vendor: null, priority: 'high' });
  return { bea, admin };
}

describe('the board remembers its filters', () => {
  it('when a vendor comes for the first time, then the board opens on "Mis solicitudes" and loads nothing else first', async () => {
    const { bea } = seed();
    renderApp(BOARD, bea);

    await findCard('De Bea');
    expect(search()).toBe('?vendor=me');
    expect(screen.getByRole('combobox', { name: 'Ejecutivo' })).toHaveDisplayValue(
      'Mis solicitudes',
    );
    expect(cardNames()).toEqual(['De Bea']);
    expect(boardSearches()).toEqual(['?vendor=me']);
    // What the server already holds is not sent back.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(callsTo('PUT', FILTERS_CALL)).toEqual([]);
  });

  it('when a vendor whose board opened on "Mis solicitudes" presses "Quitar filtros", then every card shows and the server forgets the filter', async () => {
    // Issue 33 item 1: the board hung on "Loading..." here, with no call made.
    const { bea } = seed();
    renderApp(BOARD, bea);
    await findCard('De Bea');
    expect(search()).toBe('?vendor=me');

    // The toolbar's button (the phone's filter sheet has its own).
    const [clear] = screen.getAllByRole('button', { name: BOARD_MOVE_LABELS.clearFilters });
    await setupUser().click(clear!);

    await findCard('Sin dueño');
    expect(cardNames()).toEqual(expect.arrayContaining(['De Bea', 'Sin dueño']));
    expect(search()).toBe('');
    expect(screen.getByRole('combobox', { name: 'Ejecutivo' })).toHaveDisplayValue(
      'Todos los ejecutivos',
    );
    await waitFor(() => expect(storedBoardFilters(bea._id)).toEqual({}));
  });

  it('when a vendor on "Mis solicitudes" picks "Todos los ejecutivos" with an empty search, then the whole board shows', async () => {
    const { bea } = seed();
    renderApp(BOARD, bea);
    await findCard('De Bea');

    await userEvent
      .setup()
      .selectOptions(screen.getByRole('combobox', { name: 'Ejecutivo' }), 'Todos los ejecutivos');

    await findCard('Sin dueño');
    expect(search()).toBe('');
    await waitFor(() => expect(storedBoardFilters(bea._id)).toEqual({}));
  });

  it('when a person picks "Alta" priority and comes back (another visit, another device), then "Alta" is still on', async () => {
    const { admin } = seed();
    const first = renderApp(BOARD, admin);
    await findCard('De Bea');
    await userEvent
      .setup()
      .selectOptions(screen.getByRole('combobox', { name: 'Prioridad' }), 'Alta');
    await waitFor(() => expect(storedBoardFilters(admin._id)).toEqual({ priority: 'high' }));
    expect(callsTo('PUT', FILTERS_CALL)).toHaveLength(1);
    first.unmount();

    renderApp(BOARD, admin);
    await findCard('Sin dueño');
    expect(search()).toBe('?priority=high');
    expect(screen.getByRole('combobox', { name: 'Prioridad' })).toHaveDisplayValue('Alta');
    expect(cardNames()).toEqual(['Sin dueño']);
  });

  it('when a person picks "Alta" and signs out at once, then the choice is saved before the session ends', async () => {
    const { admin } = seed();
    renderApp(BOARD, admin);
    await findCard('De Bea');
    const user = setupUser();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Prioridad' }), 'Alta');
    // Within the save's quiet time.
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    await waitFor(() => expect(storedBoardFilters(admin._id)).toEqual({ priority: 'high' }));
    const order = db.calls
      .filter((call) => call.method !== 'GET')
      .filter((call) => call.path === FILTERS_CALL || call.path === '/api/user/logout')
      .map((call) => `${call.method} ${call.path}`);
    expect(order).toEqual([`PUT ${FILTERS_CALL}`, 'POST /api/user/logout']);
  });

  it('when the address has filters (a shared link), then they win and the remembered ones are not even read', async () => {
    const { bea } = seed();
    rememberBoardFilters(bea, { priority: 'high' });
    renderApp(`${BOARD}?vendor=none`, bea);

    await findCard('Sin dueño');
    expect(search()).toBe('?vendor=none');
    expect(callsTo('GET', FILTERS_CALL)).toEqual([]);
  });

  it('when a person searches, then the search text is not what the board reopens with', async () => {
    const { admin } = seed();
    rememberBoardFilters(admin);
    const first = renderApp(`${BOARD}?priority=high`, admin);
    await findCard('Sin dueño');
    await setupUser().type(screen.getByRole('searchbox', { name: 'Buscar' }), 'Sin');
    await waitFor(() => expect(search()).toBe('?priority=high&q=Sin'));
    await waitFor(() => expect(storedBoardFilters(admin._id)).toEqual({ priority: 'high' }));
    first.unmount();

    renderApp(BOARD, admin);
    await findCard('Sin dueño');
    expect(search()).toBe('?priority=high');
  });
});

describe('"Vistas guardadas"', () => {
  const openMenu = async (user: User) => {
    await user.click(screen.getByRole('button', { name: BOARD_VIEW_LABELS.menu }));
    return screen.findByRole('dialog', { name: BOARD_VIEW_LABELS.menu });
  };

  it('when the current board is saved under a name, then picking it later puts its search and filters back, in the URL', async () => {
    const { admin } = seed();
    rememberBoardFilters(admin);
    renderApp(`${BOARD}?priority=high&q=Sin`, admin);
    await findCard('Sin dueño');
    const user = setupUser();

    let menu = await openMenu(user);
    expect(await within(menu).findByText(BOARD_VIEW_LABELS.none)).toBeInTheDocument();
    await user.type(
      within(menu).getByRole('textbox', { name: BOARD_VIEW_LABELS.name }),
      'Urgentes',
    );
    await user.click(within(menu).getByRole('button', { name: BOARD_VIEW_LABELS.confirmSave }));
    expect(await within(menu).findByRole('button', { name: 'Urgentes' })).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(search()).toBe(''));
    await findCard('De Bea');

    menu = await openMenu(user);
    await user.click(within(menu).getByRole('button', { name: 'Urgentes' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(search() ?? ''))).toEqual({
        priority: 'high',
        q: 'Sin',
      }),
    );
    await waitFor(() => expect(cardNames()).toEqual(['Sin dueño']));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when a name is taken in another case, then the field says so and nothing is added', async () => {
    const { admin } = seed();
    rememberBoardFilters(admin);
    addBoardView(admin._id, 'Urgentes', { priority: 'high' });
    renderApp(BOARD, admin);
    await findCard('De Bea');
    const user = setupUser();

    const menu = await openMenu(user);
    await within(menu).findByRole('button', { name: 'Urgentes' });
    const name = within(menu).getByRole('textbox', { name: BOARD_VIEW_LABELS.name });
    await user.type(name, 'URGENTES');
    await user.click(within(menu).getByRole('button', { name: BOARD_VIEW_LABELS.confirmSave }));
    expect(await within(menu).findByText(BOARD_VIEW_MESSAGES.nameTaken)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });

  it('when a view is renamed and another deleted, then the menu shows it and the server keeps it', async () => {
    const { admin } = seed();
    rememberBoardFilters(admin);
    addBoardView(admin._id, 'Urgentes', { priority: 'high' });
    addBoardView(admin._id, 'Viejas', { vendor: 'none' });
    renderApp(BOARD, admin);
    await findCard('De Bea');
    const user = setupUser();

    const menu = await openMenu(user);
    await user.click(
      await within(menu).findByRole('button', { name: BOARD_VIEW_LABELS.renameOf('Urgentes') }),
    );
    const field = within(menu).getByRole('textbox', { name: BOARD_VIEW_LABELS.renameTitle });
    await user.clear(field);
    await user.type(field, 'Muy urgentes');
    await user.click(within(menu).getByRole('button', { name: BOARD_VIEW_LABELS.confirmRename }));
    expect(await within(menu).findByRole('button', { name: 'Muy urgentes' })).toBeInTheDocument();

    await user.click(
      within(menu).getByRole('button', { name: BOARD_VIEW_LABELS.deleteOf('Viejas') }),
    );
    await waitFor(() =>
      expect(within(menu).queryByRole('button', { name: 'Viejas' })).not.toBeInTheDocument(),
    );
    // The views' own writes (a first sign-in also saves the browser's zone, issue 33).
    expect(
      db.calls
        .filter((call) => call.path.startsWith('/api/me/board-views/'))
        .filter((call) => call.method === 'PATCH' || call.method === 'DELETE')
        .map((c) => c.method),
    ).toEqual(['PATCH', 'DELETE']);
  });
});
