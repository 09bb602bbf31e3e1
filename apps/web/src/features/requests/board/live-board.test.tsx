import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  activitiesApi,
  AGENDA_LABELS,
  BOARD_COLUMNS,
  BOARD_PAGE_SIZE,
  LEAD_MESSAGES,
  LOGIN_LABELS,
  leadsApi,
  requestsApi,
  type Request,
} from '@crm/shared';
import {
  addRequest,
  addUser,
  db,
  dropStreams,
  fakeEvents,
  pruneEvents,
  rememberBoardFilters,
  SOLVED_CAPTCHA,
  tokenFor,
} from '../../../test/fake-api';
import { boardReads, callAs, streamOpen } from '../../../test/live';
import { dayOf } from '../../../lib/activity-due';
import { renderApp } from '../../../test/render';
import { setupUser } from '../../../test/user';

// Issue 36: the board follows other people's changes, pushed by the live stream, without reading
// the board again.

const BOARD = '/main/requests';
const [NEW, CONTACTED] = BOARD_COLUMNS.map((column) => column.title) as [string, string];

const column = (title: string) => screen.getByRole('region', { name: title });
const countOf = (title: string) => within(column(title)).getByLabelText(/ solicitudes$/);
const cardNamed = (name: string) => ({ name: new RegExp(`: ${name}$`) });
const findCardIn = (title: string, name: string) =>
  within(column(title)).findByRole('article', cardNamed(name));
const queryCard = (name: string) => screen.queryByRole('article', cardNamed(name));

/** The board, shown as `me`, following the stream; answers how many reads it took. */
async function showBoard(me = addUser({ role: 'vendor' }), route = BOARD) {
  const rendered = renderApp(route, rememberBoardFilters(me));
  await screen.findByRole('region', { name: NEW });
  await streamOpen();
  await waitFor(() => expect(within(column(NEW)).queryByText(/Cargando/)).toBeNull());
  return { ...rendered, reads: boardReads(db.calls).length };
}

const dueCountCalls = () =>
  db.calls.filter((call) => call.path === '/api/activities/due-count').length;

const moveAs = (person: { _id: string }, request: Request, to: Request['status']) =>
  callAs(person, requestsApi.move, {
    params: { id: request._id },
    body: { from: request.status, to },
  });

describe('the live board', () => {
  it('when another person moves, edits and deletes requests, then this board shows each at once, reading nothing', async () => {
    const ana = addUser({ role: 'system admin', name: 'Ana', lastName: 'Soto' });
    const moved = addRequest({ name: 'Movida' });
    const edited = addRequest({ name: 'Editada' });
    const deleted = addRequest({ name: 'Borrada' });
    const { reads } = await showBoard();
    await findCardIn(NEW, 'Movida');
    expect(countOf(NEW)).toHaveTextContent('3');

    await moveAs(ana, moved, 'contacted');
    expect(await findCardIn(CONTACTED, 'Movida')).toBeInTheDocument();
    expect(countOf(NEW)).toHaveTextContent('2');
    expect(countOf(CONTACTED)).toHaveTextContent('1');

    await callAs(ana, requestsApi.update, {
      params: { id: edited._id },
      body: { ...edited, name: 'Editada por Ana' },
    });
    expect(await findCardIn(NEW, 'Editada por Ana')).toBeInTheDocument();
    expect(queryCard('Editada')).toBeNull();

    await callAs(ana, requestsApi.remove, { params: { id: deleted._id } });
    await waitFor(() => expect(queryCard('Borrada')).toBeNull());
    expect(countOf(NEW)).toHaveTextContent('1');

    expect(boardReads(db.calls)).toHaveLength(reads);
  });

  it('when a lead is sent through the website form, then its card comes on top of NUEVA SOLICITUD with a notice, reading nothing', async () => {
    addRequest({ name: 'Cliente antiguo', createdAt: '2026-01-01T10:00:00.000Z' });
    const { reads } = await showBoard();
    await findCardIn(NEW, 'Cliente antiguo');

    const response = await fetch(leadsApi.submit.path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: 'Lucía Web',
        email: 'lucia@web.test',
        requestType: 'otro',
        message: 'Hola',
        altcha: SOLVED_CAPTCHA,
      }),
    });
    expect(response.ok).toBe(true);

    expect(await screen.findByText(LEAD_MESSAGES.newLeadNotice('Lucía Web'))).toBeInTheDocument();
    expect(within(column(NEW)).getAllByRole('article')[0]).toHaveAccessibleName(/: Lucía Web$/);
    expect(countOf(NEW)).toHaveTextContent('2');
    expect(boardReads(db.calls)).toHaveLength(reads);
  });

  it('under "Mis solicitudes", another person\'s request moved into a column stays out of it, reading nothing; mine comes in', async () => {
    const me = addUser({ role: 'vendor' });
    const ana = addUser({ role: 'system admin', name: 'Ana' });
    const theirs = addRequest({ name: 'De otro', vendor: ana._id });
    const mine = addRequest({ name: 'Mía', vendor: me._id });
    const { reads } = await showBoard(me, `${BOARD}?vendor=me`);
    await findCardIn(NEW, 'Mía');

    await moveAs(ana, theirs, 'contacted');
    await moveAs(ana, mine, 'contacted');

    expect(await findCardIn(CONTACTED, 'Mía')).toBeInTheDocument();
    expect(queryCard('De otro')).toBeNull();
    expect(countOf(CONTACTED)).toHaveTextContent('1');
    expect(boardReads(db.calls)).toHaveLength(reads);
  });

  it('under a search, a request moved into a column is left to the server: that column alone is read again', async () => {
    const ana = addUser({ role: 'system admin' });
    const found = addRequest({ name: 'Buscada' });
    await showBoard(undefined, `${BOARD}?q=busc`);
    await findCardIn(NEW, 'Buscada');
    const before = db.calls.length;

    await moveAs(ana, found, 'contacted');

    expect(await findCardIn(CONTACTED, 'Buscada')).toBeInTheDocument();
    const reads = boardReads(db.calls.slice(before));
    expect(reads.map((call) => call.path)).toEqual(['/api/form-contact']);
    expect(
      db.calls.slice(before).find((call) => call.path === '/api/form-contact')?.search,
    ).toMatch(/status=contacted/);
  });
});

describe("the live board and this tab's own moves", () => {
  it('under a search, my own move: its answer settles the columns, and its event from the stream reads nothing more', async () => {
    const me = addUser({ role: 'system admin' });
    addRequest({ name: 'Propia' });
    await showBoard(me, `${BOARD}?q=propia`);
    const user = setupUser();
    await user.click(
      within(await findCardIn(NEW, 'Propia')).getByRole('button', { name: /^Mover a…/ }),
    );
    const menu = screen.getByRole('menu', { name: /^Mover a…/ });
    const before = db.calls.length;
    await user.click(within(menu).getByRole('menuitem', { name: CONTACTED }));

    expect(await findCardIn(CONTACTED, 'Propia')).toBeInTheDocument();
    // Past the live cache's burst (300 ms): a read for the event would have gone by then.
    await new Promise((resolve) => setTimeout(resolve, 700));
    const reads = boardReads(db.calls.slice(before)).map((call) => call.search);
    // The searched column it went to, read once (the browser can't apply a search); no more.
    expect(reads).toEqual(['?q=propia&status=contacted']);
  });
});

describe('the live board, past the loaded cards', () => {
  it('when another person moves a request no loaded page holds, then only the counts change, reading nothing; deleting one reads again only the column that may count it', async () => {
    const ana = addUser({ role: 'system admin' });
    const deep = Array.from({ length: BOARD_PAGE_SIZE + 2 }, (_, at) =>
      addRequest({
        name: `Antigua ${at}`,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, at)).toISOString(),
      }),
    );
    addRequest({ name: 'Contactada', status: 'contacted' });
    addRequest({ name: 'Contactada antes', status: 'contacted' });
    const { reads } = await showBoard();
    expect(countOf(NEW)).toHaveTextContent(String(BOARD_PAGE_SIZE + 2));
    // The oldest are past NUEVA SOLICITUD's first page.
    expect(queryCard('Antigua 0')).toBeNull();

    await moveAs(ana, deep[0]!, 'contacted');

    await waitFor(() => expect(countOf(NEW)).toHaveTextContent(String(BOARD_PAGE_SIZE + 1)));
    // CONTACTADO is loaded whole: the moved card shows where it sorts, last.
    expect(countOf(CONTACTED)).toHaveTextContent('3');
    expect(within(column(CONTACTED)).getAllByRole('article').at(-1)).toHaveAccessibleName(
      /: Antigua 0$/,
    );
    expect(boardReads(db.calls)).toHaveLength(reads);

    // A deletion does not say where the request was: NUEVA SOLICITUD, not loaded whole, may
    // count it; CONTACTADO, loaded whole without it, does not.
    const before = db.calls.length;
    await callAs(ana, requestsApi.remove, { params: { id: deep[1]!._id } });

    await waitFor(() => expect(countOf(NEW)).toHaveTextContent(String(BOARD_PAGE_SIZE)));
    expect(boardReads(db.calls.slice(before)).map((call) => call.search)).toEqual([
      '?status=new+request',
    ]);
  });
});

describe('the live bell', () => {
  it('when someone else plans an activity due today for me, then the bell counts it, asking its count once for the burst', async () => {
    const me = addUser({ role: 'vendor' });
    const ana = addUser({ role: 'system admin' });
    const request = addRequest({ name: 'Con tarea', vendor: me._id });
    await showBoard(me);
    await screen.findByRole('link', { name: AGENDA_LABELS.bell(0) });
    const asked = dueCountCalls();

    await Promise.all(
      ['Llamar', 'Enviar propuesta'].map((title) =>
        callAs(ana, activitiesApi.add, {
          params: { id: request._id },
          body: { type: 'call', title, dueDate: dayOf(new Date()), ownerId: me._id },
        }),
      ),
    );

    expect(await screen.findByRole('link', { name: AGENDA_LABELS.bell(2) })).toBeInTheDocument();
    expect(dueCountCalls()).toBe(asked + 1);
    // The card's next step came with the event.
    expect(await findCardIn(NEW, 'Con tarea')).toHaveTextContent('Llamar');
  });
});

describe('the live stream', () => {
  it('when the connection drops, then it opens again from the last event it saw, and what happened meanwhile shows', async () => {
    const ana = addUser({ role: 'system admin' });
    const first = addRequest({ name: 'Primera' });
    const second = addRequest({ name: 'Segunda' });
    const { reads } = await showBoard();
    await moveAs(ana, first, 'contacted');
    await findCardIn(CONTACTED, 'Primera');
    const seen = fakeEvents.log.at(-1)!.position;

    dropStreams();
    // Published while no stream is open: the resumed one brings it.
    await moveAs(ana, second, 'contacted');

    expect(await findCardIn(CONTACTED, 'Segunda')).toBeInTheDocument();
    expect(fakeEvents.connections.map((connection) => connection.lastEventId)).toEqual([
      null,
      String(seen),
    ]);
    expect(boardReads(db.calls)).toHaveLength(reads);
  });

  it('when it resumes past the events still kept, then what is shown is read again', async () => {
    const ana = addUser({ role: 'system admin' });
    const { reads } = await showBoard();
    fakeEvents.down = true;
    dropStreams();
    // While it is away: a change, and the retention's pruning of its event.
    await moveAs(ana, addRequest({ name: 'Movida sin verla' }), 'contacted');
    pruneEvents();

    fakeEvents.down = false;

    expect(await findCardIn(CONTACTED, 'Movida sin verla')).toBeInTheDocument();
    expect(boardReads(db.calls).length).toBeGreaterThan(reads);
  });

  it('when the session is revoked, then its reconnection is refused once and the login screen shows, without asking again', async () => {
    const me = addUser({ role: 'vendor' });
    await showBoard(me);

    db.revokedTokens.add(tokenFor(me));
    dropStreams();

    expect(await screen.findByRole('button', { name: LOGIN_LABELS.submit })).toBeInTheDocument();
    expect(fakeEvents.connections.map((connection) => connection.status)).toEqual([200, 401]);
  });
});
