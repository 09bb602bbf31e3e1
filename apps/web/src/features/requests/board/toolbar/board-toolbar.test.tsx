import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dayOf } from '../../../../lib/activity-due';
import { BOARD_VIEW_LABELS, addDays } from '@crm/shared';
import {
  addActivity,
  addBoardView,
  addRequest,
  addUser,
  db,
  rememberBoardFilters,
  type StoredUser,
} from '../../../../test/fake-api';
import { matchPhoneWidth } from '../../../../test/media';
import { optionTexts } from '../../../../test/options';
import { renderApp } from '../../../../test/render';
import { setupUser } from '../../../../test/user';

const BOARD = '/main/requests';
const BOARD_CALL = '/api/form-contact/board';

const findCard = (name: string) => screen.findByRole('article', { name: new RegExp(`: ${name}$`) });
/** The names of the cards on the board, in order. */
const cardNames = () =>
  screen
    .queryAllByRole('article')
    .map((card) => card.getAttribute('aria-label')?.replace(/^Solicitud [^:]+: /, ''));
const search = () => screen.getByTestId('location-search').textContent;
const boardCalls = () =>
  db.calls
    .filter((call) => call.method === 'GET' && call.path === BOARD_CALL)
    .map((call) => Object.fromEntries(new URLSearchParams(call.search)));
const countOf = (title: string) =>
  within(screen.getByRole('region', { name: title })).getByLabelText(/ solicitudes$/);

function seed() {
  const admin = addUser({ role: 'system admin', name: 'Ana', lastName: 'García' });
  const bea = addUser({ role: 'vendor', name: 'Bea', lastName: 'Ruiz' });
  const carlos = addUser({ role: 'vendor', name: 'Carlos', lastName: 'Pérez' });
  addRequest({ name: 'Lucía Torres', email: 'lucia@empresa.test', vendor: bea._id });
  addRequest({
    name: 'Mario Soto',
    company: 'Banquetes Lucientes',
    priority: 'high',
    requestType: 'obtener una demo',
    status: 'contacted',
  });
  addRequest({ name: 'Pedro Gil', contactNumber: '+56 9 5550 1234', vendor: carlos._id });
  addRequest({ name: 'Número Buscado', requestNumber: 4242, priority: 'high', vendor: bea._id });
  return { admin, bea, carlos };
}

async function renderBoard(route: string, as: StoredUser) {
  renderApp(route, as);
  await waitFor(() => expect(boardCalls().length).toBeGreaterThan(0));
  await screen.findByRole('region', { name: 'NUEVA SOLICITUD' });
  return setupUser();
}

describe('board search ("Buscar")', () => {
  it('narrows every column to name, email, company or phone matches, once typing pauses, and puts it in the URL', async () => {
    const { admin } = seed();
    const user = await renderBoard(BOARD, admin);
    await findCard('Pedro Gil');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'LUC');

    await waitFor(() => expect(search()).toBe('?q=LUC'));
    await waitFor(() => expect(cardNames()).toEqual(['Lucía Torres', 'Mario Soto']));
    // One board call for the whole word, not one per keystroke.
    expect(boardCalls()).toEqual([{}, { q: 'LUC' }]);
    expect(countOf('NUEVA SOLICITUD')).toHaveTextContent('1');
    expect(countOf('CONTACTADO')).toHaveTextContent('1');

    await user.clear(screen.getByRole('searchbox', { name: 'Buscar' }));
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), '5550');
    await waitFor(() => expect(cardNames()).toEqual(['Pedro Gil']));
  });

  it('finds a request by its number', async () => {
    const { admin } = seed();
    const user = await renderBoard(BOARD, admin);
    await findCard('Número Buscado');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), '4242');

    await waitFor(() => expect(cardNames()).toEqual(['Número Buscado']));
  });

  it('opened at a URL with a search, shows that search in the box and the board', async () => {
    const { admin } = seed();
    await renderBoard(`${BOARD}?q=torres`, admin);

    expect(await findCard('Lucía Torres')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Lucía Torres']);
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('torres');
    expect(boardCalls()).toEqual([{ q: 'torres' }]);
  });
});

describe('board filters', () => {
  it('"Mis solicitudes" shows only the requests assigned to the person signed in', async () => {
    const { bea } = seed();
    // Bea left the board on everyone's requests (a first visit starts on hers: board-memory).
    const user = await renderBoard(BOARD, rememberBoardFilters(bea));
    await findCard('Pedro Gil');

    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Ejecutivo' }),
      'Mis solicitudes',
    );

    await waitFor(() => expect(cardNames()).toEqual(['Número Buscado', 'Lucía Torres']));
    expect(search()).toBe('?vendor=me');
  });

  it('"Sin ejecutivo" shows the unassigned requests; a person shows theirs', async () => {
    const { admin, carlos } = seed();
    const user = await renderBoard(BOARD, admin);
    await findCard('Pedro Gil');
    const executive = screen.getByRole('combobox', { name: 'Ejecutivo' });
    await waitFor(() =>
      expect(optionTexts(executive)).toEqual([
        'Todos los ejecutivos',
        'Mis solicitudes',
        'Sin ejecutivo',
        'Ana García',
        'Bea Ruiz',
        'Carlos Pérez',
      ]),
    );

    await user.selectOptions(executive, 'Sin ejecutivo');
    await waitFor(() => expect(cardNames()).toEqual(['Mario Soto']));
    expect(search()).toBe('?vendor=none');

    await user.selectOptions(executive, 'Carlos Pérez');
    await waitFor(() => expect(cardNames()).toEqual(['Pedro Gil']));
    expect(search()).toBe(`?vendor=${carlos._id}`);
  });

  it('priority and type narrow the board, together', async () => {
    const { admin } = seed();
    const user = await renderBoard(BOARD, admin);
    await findCard('Pedro Gil');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Prioridad' }), 'Alta');
    await waitFor(() => expect(cardNames()).toEqual(['Número Buscado', 'Mario Soto']));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tipo' }), 'obtener una demo');
    await waitFor(() => expect(cardNames()).toEqual(['Mario Soto']));
    expect(search()).toBe('?priority=high&requestType=obtener+una+demo');
  });

  it('survive a reload: a URL with filters shows the same board and the same choices', async () => {
    const { bea } = seed();
    await renderBoard(`${BOARD}?vendor=me&priority=high&q=buscado`, bea);

    expect(await findCard('Número Buscado')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Número Buscado']);
    expect(screen.getByRole('combobox', { name: 'Ejecutivo' })).toHaveValue('me');
    expect(screen.getByRole('combobox', { name: 'Prioridad' })).toHaveValue('high');
    expect(screen.getByRole('combobox', { name: 'Tipo' })).toHaveValue('');
    expect(boardCalls()).toEqual([{ vendor: 'me', priority: 'high', q: 'buscado' }]);
  });

  it('"Quitar filtros" clears the search and every filter', async () => {
    const { admin } = seed();
    const user = await renderBoard(`${BOARD}?q=zzz&priority=low`, admin);
    await waitFor(() => expect(cardNames()).toEqual([]));

    await user.click(screen.getByRole('button', { name: 'Quitar filtros' }));

    await waitFor(() => expect(cardNames()).toHaveLength(4));
    expect(search()).toBe('');
    expect(screen.getByRole('searchbox', { name: 'Buscar' })).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Quitar filtros' })).not.toBeInTheDocument();
  });

  it('ignores a filter value the API would refuse (a mistyped link)', async () => {
    const { admin } = seed();
    await renderBoard(`${BOARD}?priority=urgent&vendor=alguien`, admin);

    await waitFor(() => expect(cardNames()).toHaveLength(4));
    expect(boardCalls()).toEqual([{}]);
  });
});

describe('"Próxima acción" (issue 20)', () => {
  /** Requests whose next activity is overdue, today's, in a few days, and none. */
  function seedNextActions() {
    // Read when the test runs, not when the file is collected: a run that crosses midnight
    // would otherwise seed yesterday's "Hoy".
    const today = dayOf(new Date());
    const admin = addUser({ role: 'system admin' });
    const late = addRequest({ name: 'Con Vencida', priority: 'high' });
    addActivity(late._id, { dueDate: addDays(today, -2) });
    const now = addRequest({ name: 'Con Hoy', priority: 'high' });
    addActivity(now._id, { dueDate: today });
    const soon = addRequest({ name: 'Con Semana', priority: 'low' });
    addActivity(soon._id, { dueDate: addDays(today, 3) });
    addRequest({ name: 'Sin Nada', priority: 'high' });
    return { admin };
  }

  it('lists its choices and narrows the board to one of them, kept in the URL and sent', async () => {
    const { admin } = seedNextActions();
    const user = await renderBoard(BOARD, admin);
    await findCard('Sin Nada');
    const select = screen.getByRole('combobox', { name: 'Próxima acción' });
    expect(optionTexts(select)).toEqual([
      'Todas las próximas acciones',
      'Vencida',
      'Hoy',
      'Esta semana',
      'Sin acción',
    ]);

    await user.selectOptions(select, 'Vencida');

    await waitFor(() => expect(search()).toBe('?next=overdue'));
    await waitFor(() => expect(cardNames()).toEqual(['Con Vencida']));
    expect(boardCalls().at(-1)).toEqual({ next: 'overdue' });

    await user.selectOptions(select, 'Sin acción');
    await waitFor(() => expect(cardNames()).toEqual(['Sin Nada']));
    expect(search()).toBe('?next=none');
  });

  it('combines with the other filters, and survives a reload', async () => {
    const { admin } = seedNextActions();
    const user = await renderBoard(`${BOARD}?priority=high&next=today`, admin);

    await waitFor(() => expect(cardNames()).toEqual(['Con Hoy']));
    expect(screen.getByRole('combobox', { name: 'Próxima acción' })).toHaveValue('today');
    expect(boardCalls()).toEqual([{ priority: 'high', next: 'today' }]);

    // "Esta semana" holds today's too.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Próxima acción' }), 'week');
    await waitFor(() => expect(boardCalls().at(-1)).toEqual({ priority: 'high', next: 'week' }));
    await waitFor(() => expect(cardNames()).toEqual(['Con Hoy']));

    await user.click(screen.getByRole('button', { name: 'Quitar filtros' }));
    await waitFor(() => expect(cardNames()).toHaveLength(4));
    expect(search()).toBe('');
  });

  it('at a first sign-in, is asked once, after the browser’s zone is saved (its days are read in it)', async () => {
    const { admin } = seedNextActions();
    await renderBoard(`${BOARD}?next=today`, admin);

    await waitFor(() => expect(cardNames()).toEqual(['Con Hoy']));
    const calls = db.calls.map((call) => `${call.method} ${call.path}`);
    const zoneSaved = calls.indexOf('PATCH /api/me/preferences');
    expect(zoneSaved).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf(`GET ${BOARD_CALL}`)).toBeGreaterThan(zoneSaved);
    expect(boardCalls()).toEqual([{ next: 'today' }]);
  });

  it("is sent with a column's next page", async () => {
    const admin = addUser({ role: 'system admin' });
    for (let index = 0; index < 55; index++) addRequest({ name: `Sin Plan ${index}` });
    const user = await renderBoard(`${BOARD}?next=none`, admin);
    const column = screen.getByRole('region', { name: 'NUEVA SOLICITUD' });

    await user.click(await within(column).findByRole('button', { name: 'Cargar más (5)' }));

    await waitFor(() => expect(countOf('NUEVA SOLICITUD')).toHaveTextContent('55'));
    const columnCall = db.calls.find(
      (call) => call.method === 'GET' && call.path === '/api/form-contact',
    );
    expect(Object.fromEntries(new URLSearchParams(columnCall?.search))).toMatchObject({
      next: 'none',
      status: 'new request',
    });
  });
});

describe('on a phone: the "Filtros" sheet (issue 25)', () => {
  it('the toolbar keeps "Buscar" and a "Filtros" button; the sheet lists each filter under its whole name and applies it at once', async () => {
    matchPhoneWidth();
    const { admin } = seed();
    const user = await renderBoard(BOARD, rememberBoardFilters(admin));
    const toolbar = screen.getByRole('search', { name: 'Filtros del tablero' });
    expect(within(toolbar).getByRole('searchbox', { name: 'Buscar' })).toBeInTheDocument();
    // No cut-off selects beside the search.
    expect(within(toolbar).queryByRole('combobox')).not.toBeInTheDocument();

    await user.click(within(toolbar).getByRole('button', { name: 'Filtros' }));

    const sheet = await screen.findByRole('dialog', { name: 'Filtros' });
    for (const [name, all] of [
      ['Ejecutivo', 'Todos los ejecutivos'],
      ['Prioridad', 'Todas las prioridades'],
      ['Tipo', 'Todos los tipos'],
      ['Próxima acción', 'Todas las próximas acciones'],
      ['Resultado', 'Todos los resultados'],
    ] as const) {
      const select = within(sheet).getByRole('combobox', { name });
      expect(within(select).getAllByRole('option')[0]).toHaveTextContent(all);
    }
    expect(within(sheet).getByText('Ejecutivo', { selector: 'label' })).toBeVisible();
    await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Prioridad' }), 'high');
    await user.selectOptions(within(sheet).getByRole('combobox', { name: 'Ejecutivo' }), 'me');

    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(search() ?? ''))).toEqual({
        priority: 'high',
        vendor: 'me',
      }),
    );
    await user.click(within(sheet).getByRole('button', { name: 'Listo' }));
    expect(screen.queryByRole('dialog', { name: 'Filtros' })).not.toBeInTheDocument();
    // How many filters are on.
    expect(within(toolbar).getByRole('button', { name: 'Filtros (2)' })).toHaveFocus();
  });

  it('"Quitar filtros" in the sheet takes the filters off and leaves the search', async () => {
    matchPhoneWidth();
    const { admin } = seed();
    const user = await renderBoard(`${BOARD}?q=Lu&priority=high`, rememberBoardFilters(admin));
    await user.click(screen.getByRole('button', { name: 'Filtros (1)' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filtros' });

    await user.click(within(sheet).getByRole('button', { name: 'Quitar filtros' }));

    await waitFor(() => expect(search()).toBe('?q=Lu'));
    expect(within(sheet).getByRole('combobox', { name: 'Prioridad' })).toHaveValue('');
  });

  it('holds the saved views: picking one puts it on the board and closes the sheet', async () => {
    matchPhoneWidth();
    const { admin } = seed();
    addBoardView(admin._id, 'Alta prioridad', { priority: 'high' });
    const user = await renderBoard(BOARD, rememberBoardFilters(admin));
    await user.click(screen.getByRole('button', { name: 'Filtros' }));
    const sheet = await screen.findByRole('dialog', { name: 'Filtros' });
    const views = within(sheet).getByRole('region', { name: BOARD_VIEW_LABELS.menu });

    await user.click(await within(views).findByRole('button', { name: 'Alta prioridad' }));

    await waitFor(() => expect(search()).toBe('?priority=high'));
    expect(screen.queryByRole('dialog', { name: 'Filtros' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filtros (1)' })).toBeInTheDocument();
  });
});
