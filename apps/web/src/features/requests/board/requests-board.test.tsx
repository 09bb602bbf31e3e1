import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import {
  BOARD_COLUMNS,
  MISSING_REQUEST_NUMBER,
  PRIORITY_LABELS,
  REQUEST_MESSAGES,
  REQUEST_TYPES,
  SESSION_MESSAGES,
  type Priority,
  type Request,
  APP_LABELS,
} from '@crm/shared';
import { addRequest, addUser, db, type Call, rememberBoardFilters } from '../../../test/fake-api';
import { optionTexts } from '../../../test/options';
import { BOARD_HEIGHT_PX, CARD_ROW_PX } from '../../../test/layout';
import { matchPhoneWidth } from '../../../test/media';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';
import { setupUser } from '../../../test/user';

const BOARD = '/main/requests';
const BOARD_CALL = '/api/form-contact/board';
const COLUMN_CALL = '/api/form-contact';
const TITLES = BOARD_COLUMNS.map((column) => column.title);
const NEW_REQUEST_TITLE = BOARD_COLUMNS[0].title;

const column = (title: string) => screen.getByRole('region', { name: title });
/** The count in a column's header (the server's total under the filters). */
const countOf = (title: string) => within(column(title)).getByLabelText(/ solicitudes$/);
const findCard = (name: string) => screen.findByRole('article', { name: new RegExp(`: ${name}$`) });
const getCard = (name: string) => screen.getByRole('article', { name: new RegExp(`: ${name}$`) });
const queryCard = (name: string) =>
  screen.queryByRole('article', { name: new RegExp(`: ${name}$`) });

/** The value after a card's "Label:" line ("Número:", "Nombre:", "Fecha:", "Tipo:"). */
function lineValue(card: HTMLElement, label: string) {
  return within(card).getByText(label).nextElementSibling?.textContent;
}

/**
 * Holds every board call until `release()` is called, then lets the fake answer.
 * (db.latencyMs delays the user-data call as much as the board, so whether the board mounts
 * before its data arrives would be a coin toss; this keeps the board call pending for sure.)
 */
function holdBoardCall() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.get(BOARD_CALL, async () => {
      await released;
      // Nothing returned: the call goes on to the fake API.
    }),
  );
  return release;
}

/**
 * Every board call fails with 500 (db.failures fails only the next call, and the board may be
 * asked again when it mounts).
 */
function failEveryBoardCall() {
  server.use(
    http.get(BOARD_CALL, () => {
      db.failures.set(`GET ${BOARD_CALL}`, 500);
    }),
  );
}

function admin() {
  return addUser({ role: 'system admin', name: 'Admin', lastName: 'Root' });
}

describe('requests board (/main/requests): columns and loading', () => {
  it('shows the five column titles in board order', async () => {
    renderApp(BOARD, admin());

    await screen.findByRole('region', { name: NEW_REQUEST_TITLE });
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual([
      'NUEVA SOLICITUD',
      'CONTACTADO',
      'COTIZACIÓN ENVIADA',
      'EN ESPERA',
      'CERRADO',
    ]);
    expect(headings).toEqual(TITLES);
  });

  it('puts each request in the column of its status, and nowhere else', async () => {
    for (const { status } of BOARD_COLUMNS) addRequest({ name: `Cliente ${status}`, status });
    renderApp(BOARD, admin());

    await findCard('Cliente new request');
    for (const { status, title } of BOARD_COLUMNS) {
      const cards = within(column(title)).getAllByRole('article');
      expect(cards).toHaveLength(1);
      expect(lineValue(cards[0]!, 'Nombre:')).toBe(`Cliente ${status}`);
    }
  });

  it('while the requests are loading, every column reads "Loading..."', async () => {
    addRequest({ name: 'Zeta' });
    const release = holdBoardCall();
    renderApp(BOARD, admin());

    await screen.findByRole('region', { name: NEW_REQUEST_TITLE });
    for (const title of TITLES) {
      expect(within(column(title)).getByText(APP_LABELS.loading)).toBeInTheDocument();
      expect(within(column(title)).queryByRole('article')).not.toBeInTheDocument();
    }

    release();
    expect(await findCard('Zeta')).toBeInTheDocument();
    for (const title of TITLES) {
      expect(within(column(title)).queryByText(APP_LABELS.loading)).not.toBeInTheDocument();
    }
  });

  it('when the requests cannot be fetched, every column reads "Error: Failed to fetch requests"', async () => {
    addRequest({ name: 'Zeta' });
    failEveryBoardCall();
    renderApp(BOARD, admin());

    await waitFor(() =>
      expect(within(column(NEW_REQUEST_TITLE)).getByRole('alert')).toBeInTheDocument(),
    );
    for (const title of TITLES) {
      expect(within(column(title)).getByRole('alert')).toHaveTextContent(
        `${SESSION_MESSAGES.errorPrefix}${SESSION_MESSAGES.fetchFailed}`,
      );
    }
    expect(queryCard('Zeta')).not.toBeInTheDocument();
    expect(db.calls.some((call) => call.path === BOARD_CALL)).toBe(true);
  });

  it('only the NUEVA SOLICITUD column has the "+" (Crear solicitud) button', async () => {
    renderApp(BOARD, admin());
    await screen.findByRole('region', { name: NEW_REQUEST_TITLE });

    expect(screen.getAllByRole('button', { name: 'Crear solicitud' })).toHaveLength(1);
    expect(
      within(column(NEW_REQUEST_TITLE)).getByRole('button', { name: 'Crear solicitud' }),
    ).toBeInTheDocument();
  });
});

describe('requests board: a card', () => {
  it('shows "Número:", "Nombre:", "Fecha:" as dd/mm/yy and "Tipo:"', async () => {
    // Midday UTC: the same calendar day in every time zone from UTC-11 to UTC+11.
    addRequest({
      requestNumber: 42,
      name: 'Marta Díaz',
      createdAt: '2026-03-05T12:00:00.000Z',
      requestType: REQUEST_TYPES[1],
    });
    renderApp(BOARD, admin());

    const card = await findCard('Marta Díaz');
    expect(lineValue(card, 'Número:')).toBe('42');
    expect(lineValue(card, 'Nombre:')).toBe('Marta Díaz');
    expect(lineValue(card, 'Fecha:')).toBe('05/03/26');
    expect(lineValue(card, 'Tipo:')).toBe(REQUEST_TYPES[1]);
  });

  it('when the request has no number, reads "Número: unnasigned"', async () => {
    addRequest({ requestNumber: null, name: 'Sin número' });
    renderApp(BOARD, admin());

    const card = await findCard('Sin número');
    expect(lineValue(card, 'Número:')).toBe(MISSING_REQUEST_NUMBER);
  });

  it.each([
    ['low', 'green'],
    ['mid', 'orange'],
    ['high', 'red'],
  ] as const)(
    'a %s priority request has a %s bar with its priority as text',
    async (priority: Priority, colour) => {
      addRequest({ name: `Prioridad ${priority}`, priority });
      renderApp(BOARD, admin());

      const card = await findCard(`Prioridad ${priority}`);
      const text = `Prioridad: ${PRIORITY_LABELS[priority]}`;
      expect(within(card).getByTitle(text)).toHaveAttribute('data-priority-color', colour);
      expect(within(card).getByText(text)).toBeInTheDocument();
    },
  );

  it('when the request has no vendor, the avatar is an add-user button "Sin ejecutivo: asignar"', async () => {
    addRequest({ name: 'Libre', vendor: null });
    renderApp(BOARD, admin());

    const card = await findCard('Libre');
    const avatar = within(card).getByRole('button', { name: `${APP_LABELS.noVendor}: asignar` });
    expect(avatar).toHaveTextContent('');
    expect(avatar.querySelector('svg')).not.toBeNull();
  });

  it('when the request has a vendor, the avatar shows the initials of that user (the one whose events hold it)', async () => {
    const luis = addUser({ role: 'vendor', name: 'Luis', lastName: 'Pérez' });
    addUser({ role: 'vendor', name: 'Otra', lastName: 'Persona' });
    addRequest({ name: 'Asignada', vendor: luis._id });
    renderApp(BOARD, admin());

    const card = await findCard('Asignada');
    const avatar = await within(card).findByRole('button', { name: 'LP, Ejecutivo: Luis Pérez' });
    expect(avatar).toHaveTextContent(/^LP$/);
    expect(
      within(card).queryByRole('button', { name: `${APP_LABELS.noVendor}: asignar` }),
    ).not.toBeInTheDocument();
  });

  it('clicking the avatar opens the "Editar solicitud" dialog for that request', async () => {
    addRequest({ name: 'Abrir por avatar', email: 'avatar@empresa.test' });
    renderApp(BOARD, admin());
    const card = await findCard('Abrir por avatar');

    await userEvent
      .setup()
      .click(within(card).getByRole('button', { name: `${APP_LABELS.noVendor}: asignar` }));

    const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
    // The window's form is a chunk of its own (issue 33): it comes after the dialog.
    expect(await within(dialog).findByDisplayValue('avatar@empresa.test')).toBeInTheDocument();
  });

  it('clicking the edit icon opens the "Editar solicitud" dialog for that request', async () => {
    addRequest({ name: 'Otra', email: 'otra@empresa.test' });
    addRequest({ name: 'Abrir por lápiz', email: 'lapiz@empresa.test' });
    renderApp(BOARD, admin());
    const card = await findCard('Abrir por lápiz');

    await setupUser().click(within(card).getByRole('button', { name: 'Editar solicitud' }));

    const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
    expect(await within(dialog).findByDisplayValue('lapiz@empresa.test')).toBeInTheDocument();
    expect(within(dialog).queryByDisplayValue('otra@empresa.test')).not.toBeInTheDocument();
  });

  it('shows the whole name (two lines at most, all of it in a tooltip) and the company when there is one', async () => {
    const long = 'María de los Ángeles Fernández-Villanueva del Castillo';
    addRequest({ name: long, company: 'Eventos Andinos SpA' });
    addRequest({ name: 'Sin empresa', company: '' });
    renderApp(BOARD, admin());

    const card = await findCard(long);
    const name = within(card).getByText(long);
    expect(name).toHaveAttribute('title', long);
    expect(name).toHaveClass('line-clamp-2');
    expect(lineValue(card, 'Compañía:')).toBe('Eventos Andinos SpA');
    expect(within(getCard('Sin empresa')).queryByText('Compañía:')).not.toBeInTheDocument();
  });

  it('shows the priority in words beside the colour bar ("Alta", "Media", "Baja")', async () => {
    addRequest({ name: 'Urgente', priority: 'high' });
    renderApp(BOARD, admin());

    const card = await findCard('Urgente');
    expect(within(card).getByText('Alta')).toBeVisible();
    expect(within(card).getByText('Alta')).toHaveAttribute('aria-hidden', 'true');
    expect(within(card).getByText('Prioridad: Alta')).toHaveClass('sr-only');
  });
});

describe('requests board: deleting a request', () => {
  it('a system admin sees the delete icon on every card', async () => {
    addRequest({ name: 'Uno' });
    addRequest({ name: 'Dos', status: 'closed' });
    renderApp(BOARD, admin());

    for (const name of ['Uno', 'Dos']) {
      const card = await findCard(name);
      expect(within(card).getByRole('button', { name: 'Eliminar solicitud' })).toBeInTheDocument();
    }
  });

  it.each(['vendor', 'driver'] as const)('a %s sees no delete icon', async (role) => {
    addRequest({ name: 'Uno' });
    renderApp(BOARD, rememberBoardFilters(addUser({ role })));

    const card = await findCard('Uno');
    expect(within(card).getByRole('button', { name: 'Editar solicitud' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar solicitud' })).not.toBeInTheDocument();
  });

  it('the delete icon asks for confirmation; "Cancel" keeps the request and sends nothing', async () => {
    addRequest({ name: 'Uno' });
    renderApp(BOARD, admin());
    const card = await findCard('Uno');
    const user = setupUser();

    await user.click(within(card).getByRole('button', { name: 'Eliminar solicitud' }));
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));

    expect(within(card).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(getCard('Uno')).toBeInTheDocument();
    expect(db.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it('"Delete" reads "Deleting..." while deleting, then the card disappears, its column counts one less and "Event deleted successfully" shows', async () => {
    const doomed = addRequest({ name: 'Borrar' });
    addRequest({ name: 'Quedar' });
    renderApp(BOARD, admin());
    const card = await findCard('Borrar');
    const user = setupUser();
    await user.click(within(card).getByRole('button', { name: 'Eliminar solicitud' }));
    db.latencyMs = 150;
    const callsBefore = db.calls.length;
    expect(countOf(NEW_REQUEST_TITLE)).toHaveTextContent('2');

    await user.click(within(card).getByRole('button', { name: 'Delete' }));

    expect(within(card).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    expect(await screen.findByText(REQUEST_MESSAGES.deleted)).toBeInTheDocument();
    await waitFor(() => expect(queryCard('Borrar')).not.toBeInTheDocument());
    expect(getCard('Quedar')).toBeInTheDocument();
    expect(db.calls).toContainEqual({
      method: 'DELETE',
      path: `/api/form-contact/delete/${doomed._id}`,
      body: undefined,
    });
    // Only the card and its column's count changed: no request was fetched again for it (the
    // bell's first count may arrive meanwhile: it waits for the board's data).
    expect(countOf(NEW_REQUEST_TITLE)).toHaveTextContent('1');
    const refetched = db.calls
      .slice(callsBefore)
      .filter((call) => call.method === 'GET' && call.path.startsWith('/api/form-contact'));
    expect(refetched).toEqual([]);
    expect(db.requests.map((request: Request) => request.name)).toEqual(['Quedar']);
  });

  it('when the deletion fails, "Failed to delete event" shows and the card stays', async () => {
    const kept = addRequest({ name: 'Resiste' });
    db.failures.set(`DELETE /api/form-contact/delete/${kept._id}`, 500);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(BOARD, admin());
    const card = await findCard('Resiste');
    const user = setupUser();

    await user.click(within(card).getByRole('button', { name: 'Eliminar solicitud' }));
    await user.click(within(card).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText(REQUEST_MESSAGES.deleteFailedNotice)).toBeInTheDocument();
    expect(screen.queryByText(REQUEST_MESSAGES.deleted)).not.toBeInTheDocument();
    expect(getCard('Resiste')).toBeInTheDocument();
    expect(within(getCard('Resiste')).queryByText('Deleting...')).not.toBeInTheDocument();
    // §8 Reading A: the failure is also raised as "Failed to delete request".
    expect(consoleError).toHaveBeenCalledWith(REQUEST_MESSAGES.deleteFailed, expect.anything());
  });
});

/** Scrolls the board (the one element that scrolls, §2) as a person would. */
function scrollBoard(top: number) {
  const board = screen.getByTestId('board');
  board.scrollTop = top;
  fireEvent.scroll(board);
}

const columnCalls = (from = 0) =>
  db.calls.slice(from).filter((call) => call.method === 'GET' && call.path === COLUMN_CALL);
const boardCalls = (from = 0) =>
  db.calls.slice(from).filter((call) => call.method === 'GET' && call.path === BOARD_CALL);
const paramsOf = (call: Call) => Object.fromEntries(new URLSearchParams(call.search));

/** `count` closed requests, newest first as "Cerrado 0" … (the first added is the oldest). */
function addClosed(count: number) {
  for (let index = count - 1; index >= 0; index--) {
    addRequest({ name: `Cerrado ${index}`, status: 'closed' });
  }
}

/** The board with `count` closed requests, once their first card is drawn. */
async function openBoardWithClosed(count: number, route = BOARD) {
  addClosed(count);
  renderApp(route, admin());
  await findCard('Cerrado 0');
  return { user: setupUser(), closed: column('CERRADO') };
}

describe('requests board: pages, counts and virtualised columns', () => {
  it("loads all five columns with one board call, and the headers show the server's counts", async () => {
    addClosed(120);
    addRequest({ name: 'Nueva' });
    renderApp(BOARD, admin());
    await findCard('Nueva');

    expect(boardCalls()).toHaveLength(1);
    expect(columnCalls()).toEqual([]);
    expect(countOf('CERRADO')).toHaveTextContent('120');
    expect(countOf(NEW_REQUEST_TITLE)).toHaveTextContent('1');
    expect(countOf('CONTACTADO')).toHaveTextContent('0');
    // 50 loaded (the first page), 120 in the column: the rest is one click or a scroll away.
    expect(
      within(column('CERRADO')).getByRole('button', { name: 'Cargar más (70)' }),
    ).toBeInTheDocument();
    expect(
      within(column(NEW_REQUEST_TITLE)).queryByRole('button', { name: /Cargar más/ }),
    ).not.toBeInTheDocument();
  });

  it('draws only the cards in view: a long column keeps a few dozen cards in the DOM', async () => {
    await openBoardWithClosed(120);

    const drawn = within(column('CERRADO')).getAllByRole('article');
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(20);
    expect(drawn[0]).toHaveAttribute('aria-posinset', '1');
    expect(drawn[0]).toHaveAttribute('aria-setsize', '120');
    expect(queryCard('Cerrado 30')).not.toBeInTheDocument();

    scrollBoard(30 * CARD_ROW_PX);

    expect(await findCard('Cerrado 30')).toBeInTheDocument();
    expect(queryCard('Cerrado 0')).not.toBeInTheDocument();
    expect(within(column('CERRADO')).getAllByRole('article').length).toBeLessThan(25);
  });

  it("scrolling near a column's loaded end loads its next page, from the cursor, with the filters", async () => {
    await openBoardWithClosed(120, `${BOARD}?priority=low`);
    const before = db.calls.length;

    // Card 45 of 50 in view: the column asks for the next page by itself.
    scrollBoard(45 * CARD_ROW_PX - BOARD_HEIGHT_PX);

    await waitFor(() => expect(columnCalls(before)).toHaveLength(1));
    expect(paramsOf(columnCalls(before)[0]!)).toEqual({
      priority: 'low',
      status: 'closed',
      cursor: expect.any(String),
    });
    scrollBoard(60 * CARD_ROW_PX);
    expect(await findCard('Cerrado 60')).toBeInTheDocument();
    expect(
      await within(column('CERRADO')).findByRole('button', { name: 'Cargar más (20)' }),
    ).toBeInTheDocument();
    // The other columns had nothing more to load; the board was not asked again.
    expect(columnCalls(before).map((call) => paramsOf(call).status)).toEqual(['closed']);
    expect(boardCalls(before)).toEqual([]);
  });

  it('"Cargar más" loads the next page; at the end of the column it is gone and every card was seen', async () => {
    const { user, closed } = await openBoardWithClosed(120);

    await user.click(within(closed).getByRole('button', { name: 'Cargar más (70)' }));
    await user.click(await within(closed).findByRole('button', { name: 'Cargar más (20)' }));
    await waitFor(() =>
      expect(within(closed).queryByRole('button', { name: /Cargar más/ })).not.toBeInTheDocument(),
    );
    expect(columnCalls()).toHaveLength(2);

    // Walk the board down to the column's end, a screen at a time (what one screen shows, the
    // next one's top continues): each of the 120 cards is drawn on the way.
    const seen = new Set<string>();
    for (let top = 0; top <= 130 * CARD_ROW_PX; top += BOARD_HEIGHT_PX) {
      scrollBoard(top);
      // The cards by tag, not by role: a role query works out the accessibility tree of the whole
      // column on every screen, which was half of this test's time.
      await waitFor(() => expect(closed.querySelectorAll('article').length).toBeGreaterThan(0));
      for (const card of closed.querySelectorAll('article')) {
        seen.add(lineValue(card, 'Nombre:') ?? '');
      }
    }
    expect(seen.size).toBe(120);
    expect(seen).toContain('Cerrado 119');
    // Draws 120 cards a screen at a time, React's development build in jsdom: 2–3 s alone, 8–14 s
    // on a loaded 2-core machine, over the default 15 s once both cores are taken.
  }, 45_000);

  it('when a further page fails, the column says so and "Cargar más" tries again', async () => {
    const { user, closed } = await openBoardWithClosed(60);
    db.failures.set(`GET ${COLUMN_CALL}`, 500);

    await user.click(within(closed).getByRole('button', { name: 'Cargar más (10)' }));

    expect(await within(closed).findByRole('alert')).toHaveTextContent(
      `${SESSION_MESSAGES.errorPrefix}${SESSION_MESSAGES.fetchFailed}`,
    );
    expect(getCard('Cerrado 0')).toBeInTheDocument();
    await user.click(within(closed).getByRole('button', { name: 'Cargar más (10)' }));
    await waitFor(() =>
      expect(within(closed).queryByRole('button', { name: /Cargar más/ })).not.toBeInTheDocument(),
    );
    expect(within(closed).queryByRole('alert')).not.toBeInTheDocument();
  });
});

/** The titles of the columns on screen. */
const shownColumns = () =>
  TITLES.filter((title) => screen.queryByRole('region', { name: title }) !== null);

describe('requests board: on a phone (< 768 px)', () => {
  it('shows one column at a time, picked with a stage switcher that lists titles and counts', async () => {
    matchPhoneWidth();
    addRequest({ name: 'Nueva A' });
    addRequest({ name: 'Nueva B' });
    addRequest({ name: 'Contactada', status: 'contacted' });
    renderApp(BOARD, admin());

    await findCard('Nueva A');
    expect(shownColumns()).toEqual([NEW_REQUEST_TITLE]);
    const switcher = screen.getByRole('combobox', { name: 'Columna' });
    await waitFor(() =>
      expect(optionTexts(switcher)).toEqual([
        'NUEVA SOLICITUD (2)',
        'CONTACTADO (1)',
        'COTIZACIÓN ENVIADA (0)',
        'EN ESPERA (0)',
        'CERRADO (0)',
      ]),
    );
    expect(switcher).toHaveValue('new request');

    await setupUser().selectOptions(switcher, 'contacted');

    expect(await findCard('Contactada')).toBeInTheDocument();
    expect(shownColumns()).toEqual(['CONTACTADO']);
    expect(queryCard('Nueva A')).not.toBeInTheDocument();
    // Only NUEVA SOLICITUD has "+" (§2): not shown while another stage is.
    expect(screen.queryByRole('button', { name: 'Crear solicitud' })).not.toBeInTheDocument();
    expect(boardCalls()).toHaveLength(1);
  });
});
