import { screen, waitFor, within } from '@testing-library/react';
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
} from '@crm/shared';
import { LABELS } from '../../../lib/labels';
import { addRequest, addUser, db } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { server } from '../../../test/server';

const BOARD = '/main/requests';
const LIST_PATH = '/api/form-contact/all';
const TITLES = BOARD_COLUMNS.map((column) => column.title);
const NEW_REQUEST_TITLE = BOARD_COLUMNS[0].title;

const column = (title: string) => screen.getByRole('region', { name: title });
const findCard = (name: string) => screen.findByRole('article', { name: new RegExp(`: ${name}$`) });
const getCard = (name: string) => screen.getByRole('article', { name: new RegExp(`: ${name}$`) });
const queryCard = (name: string) =>
  screen.queryByRole('article', { name: new RegExp(`: ${name}$`) });

/** The value after a card's "Label:" line ("Número:", "Nombre:", "Fecha:", "Tipo:"). */
function lineValue(card: HTMLElement, label: string) {
  return within(card).getByText(label).nextElementSibling?.textContent;
}

/**
 * Holds every GET of the request list until `release()` is called, then lets the fake answer.
 * (db.latencyMs delays the user-data call as much as the list, so whether the board mounts
 * before the list arrives would be a coin toss; this keeps the list pending for sure.)
 */
function holdRequestList() {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.get(LIST_PATH, async () => {
      await released;
      // Nothing returned: the call goes on to the fake API.
    }),
  );
  return release;
}

/**
 * Every GET of the request list fails with 500 (db.failures fails only the next call, and the
 * board asks again when it mounts).
 */
function failEveryRequestListCall() {
  server.use(
    http.get(LIST_PATH, () => {
      db.failures.set(`GET ${LIST_PATH}`, 500);
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
    const release = holdRequestList();
    renderApp(BOARD, admin());

    await screen.findByRole('region', { name: NEW_REQUEST_TITLE });
    for (const title of TITLES) {
      expect(within(column(title)).getByText(LABELS.loading)).toBeInTheDocument();
      expect(within(column(title)).queryByRole('article')).not.toBeInTheDocument();
    }

    release();
    expect(await findCard('Zeta')).toBeInTheDocument();
    for (const title of TITLES) {
      expect(within(column(title)).queryByText(LABELS.loading)).not.toBeInTheDocument();
    }
  });

  it('when the requests cannot be fetched, every column reads "Error: Failed to fetch requests"', async () => {
    addRequest({ name: 'Zeta' });
    failEveryRequestListCall();
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
    expect(db.calls.some((call) => call.path === LIST_PATH)).toBe(true);
  });

  it('when a column holds more than 100 requests, shows 100 and a "Mostrar más (N)" button for the rest', async () => {
    for (let i = 0; i < 105; i++) addRequest({ name: `Cerrado ${i}`, status: 'closed' });
    addRequest({ name: 'Nueva' });
    renderApp(BOARD, admin());
    await findCard('Nueva');
    const closed = column('CERRADO');

    expect(within(closed).getAllByRole('article')).toHaveLength(100);
    await userEvent.setup().click(within(closed).getByRole('button', { name: 'Mostrar más (5)' }));

    expect(within(closed).getAllByRole('article')).toHaveLength(105);
    expect(within(closed).queryByRole('button', { name: /Mostrar más/ })).not.toBeInTheDocument();
    expect(
      within(column(NEW_REQUEST_TITLE)).queryByRole('button', { name: /Mostrar más/ }),
    ).not.toBeInTheDocument();
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
    const avatar = within(card).getByRole('button', { name: `${LABELS.noVendor}: asignar` });
    expect(avatar).toHaveTextContent('');
    expect(avatar.querySelector('svg')).not.toBeNull();
  });

  it('when the request has a vendor, the avatar shows the initials of the user whose events hold it', async () => {
    const luis = addUser({ role: 'vendor', name: 'Luis', lastName: 'Pérez' });
    addUser({ role: 'vendor', name: 'Otra', lastName: 'Persona' });
    addRequest({ name: 'Asignada', vendor: luis._id });
    renderApp(BOARD, admin());

    const card = await findCard('Asignada');
    const avatar = await within(card).findByRole('button', { name: 'Ejecutivo: Luis Pérez' });
    expect(avatar).toHaveTextContent(/^LP$/);
    expect(
      within(card).queryByRole('button', { name: `${LABELS.noVendor}: asignar` }),
    ).not.toBeInTheDocument();
  });

  it('clicking the avatar opens the "Editar solicitud" dialog for that request', async () => {
    addRequest({ name: 'Abrir por avatar', email: 'avatar@empresa.test' });
    renderApp(BOARD, admin());
    const card = await findCard('Abrir por avatar');

    await userEvent
      .setup()
      .click(within(card).getByRole('button', { name: `${LABELS.noVendor}: asignar` }));

    const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
    expect(within(dialog).getByDisplayValue('avatar@empresa.test')).toBeInTheDocument();
  });

  it('clicking the edit icon opens the "Editar solicitud" dialog for that request', async () => {
    addRequest({ name: 'Otra', email: 'otra@empresa.test' });
    addRequest({ name: 'Abrir por lápiz', email: 'lapiz@empresa.test' });
    renderApp(BOARD, admin());
    const card = await findCard('Abrir por lápiz');

    await userEvent.setup().click(within(card).getByRole('button', { name: 'Editar solicitud' }));

    const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
    expect(within(dialog).getByDisplayValue('lapiz@empresa.test')).toBeInTheDocument();
    expect(within(dialog).queryByDisplayValue('otra@empresa.test')).not.toBeInTheDocument();
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
    renderApp(BOARD, addUser({ role }));

    const card = await findCard('Uno');
    expect(within(card).getByRole('button', { name: 'Editar solicitud' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eliminar solicitud' })).not.toBeInTheDocument();
  });

  it('the delete icon asks for confirmation; "Cancel" keeps the request and sends nothing', async () => {
    addRequest({ name: 'Uno' });
    renderApp(BOARD, admin());
    const card = await findCard('Uno');
    const user = userEvent.setup();

    await user.click(within(card).getByRole('button', { name: 'Eliminar solicitud' }));
    expect(within(card).getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Cancel' }));

    expect(within(card).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    expect(getCard('Uno')).toBeInTheDocument();
    expect(db.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);
  });

  it('"Delete" reads "Deleting..." while deleting, then the card disappears and "Event deleted successfully" shows', async () => {
    const doomed = addRequest({ name: 'Borrar' });
    addRequest({ name: 'Quedar' });
    renderApp(BOARD, admin());
    const card = await findCard('Borrar');
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Eliminar solicitud' }));
    db.latencyMs = 150;
    const listCallsBefore = db.calls.filter((call) => call.path === LIST_PATH).length;

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
    // The list was fetched again after the deletion.
    expect(db.calls.filter((call) => call.path === LIST_PATH).length).toBeGreaterThan(
      listCallsBefore,
    );
    expect(db.requests.map((request: Request) => request.name)).toEqual(['Quedar']);
  });

  it('when the deletion fails, "Failed to delete event" shows and the card stays', async () => {
    const kept = addRequest({ name: 'Resiste' });
    db.failures.set(`DELETE /api/form-contact/delete/${kept._id}`, 500);
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp(BOARD, admin());
    const card = await findCard('Resiste');
    const user = userEvent.setup();

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
