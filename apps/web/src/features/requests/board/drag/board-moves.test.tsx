import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MOVE_MESSAGES, type Request } from '@crm/shared';
import { addRequest, addUser, db, rememberBoardFilters } from '../../../../test/fake-api';
import { matchPhoneWidth } from '../../../../test/media';
import { answerOutcome } from '../../../../test/outcome';
import {
  column,
  dragWithKeys,
  findCard,
  findCardIn,
  moveCalls,
  pickUpAndMove,
  queryCardIn,
} from '../../../../test/board';
import { renderApp } from '../../../../test/render';
import { COMPLETE_FIELDS } from '../../../../test/requests';
import { setupUser } from '../../../../test/user';

const BOARD = '/main/requests';
const NEW = 'NUEVA SOLICITUD';

const countOf = (title: string) => within(column(title)).getByLabelText(/ solicitudes$/);
const location = () => screen.getByTestId('location').textContent;
const locationSearch = () => screen.getByTestId('location-search').textContent;

function admin() {
  return addUser({ role: 'system admin', name: 'Admin', lastName: 'Root' });
}

/** A complete request assigned to a vendor: it meets every stage's rules. */
function completeRequest(overrides: Partial<Request>) {
  const vendor = addUser({ role: 'vendor', name: 'Luis', lastName: 'Pérez' });
  return addRequest({ ...COMPLETE_FIELDS, vendor: vendor._id, ...overrides });
}

describe('moving a card with the keyboard (drag and drop)', () => {
  it('when a focused card is picked up with Space, moved right and dropped, then it is in CONTACTADO at once, the counts follow and the move is sent', async () => {
    const request = completeRequest({ name: 'Marta Díaz' });
    addRequest({ name: 'Se queda' });
    renderApp(BOARD, admin());
    const card = await findCard('Marta Díaz');
    await waitFor(() => expect(countOf(NEW)).toHaveTextContent('2'));
    const callsBefore = db.calls.length;

    await dragWithKeys(card, '[ArrowRight]');

    expect(await findCardIn('CONTACTADO', 'Marta Díaz')).toBeInTheDocument();
    expect(queryCardIn(NEW, 'Marta Díaz')).not.toBeInTheDocument();
    expect(countOf(NEW)).toHaveTextContent('1');
    expect(countOf('CONTACTADO')).toHaveTextContent('1');
    await waitFor(() =>
      expect(moveCalls()).toEqual([
        {
          method: 'PATCH',
          path: `/api/form-contact/${request._id}/status`,
          body: { from: 'new request', to: 'contacted' },
        },
      ]),
    );
    // No column nor the board was read again for it.
    expect(
      db.calls.slice(callsBefore).filter((call) => call.path.startsWith('/api/form-contact/board')),
    ).toEqual([]);
    expect(db.requests.find((stored) => stored._id === request._id)?.status).toBe('contacted');
    // It met every rule of its new stage: nothing to report.
    expect(screen.queryByText(/^Movida a/)).not.toBeInTheDocument();
  });

  it('ArrowRight twice goes two columns; the focus follows the card to its new column', async () => {
    completeRequest({ name: 'Dos pasos' });
    renderApp(BOARD, admin());

    await dragWithKeys(await findCard('Dos pasos'), '[ArrowRight][ArrowRight]');

    const moved = await findCardIn('COTIZACIÓN ENVIADA', 'Dos pasos');
    await waitFor(() => expect(moved).toHaveFocus());
    await waitFor(() =>
      expect(moveCalls()[0]?.body).toEqual({ from: 'new request', to: 'quote sent' }),
    );
  });

  it('when the card lands further down its new column than is drawn, the focus goes to that column', async () => {
    for (let day = 10; day < 30; day++) {
      addRequest({
        name: `Reciente ${day}`,
        status: 'contacted',
        createdAt: `2026-03-${day}T12:00:00.000Z`,
      });
    }
    completeRequest({ name: 'Antigua', createdAt: '2026-01-02T12:00:00.000Z' });
    renderApp(BOARD, admin());

    await dragWithKeys(await findCard('Antigua'), '[ArrowRight]');

    await waitFor(() => expect(countOf('CONTACTADO')).toHaveTextContent('21'));
    expect(queryCardIn('CONTACTADO', 'Antigua')).not.toBeInTheDocument();
    await waitFor(() => expect(column('CONTACTADO')).toHaveFocus());
  });

  it("ArrowLeft goes back a column, and an arrow at the board's edge stays put", async () => {
    completeRequest({ name: 'Izquierda', status: 'contacted' });
    completeRequest({ name: 'Borde', status: 'closed' });
    renderApp(BOARD, admin());

    await dragWithKeys(await findCard('Izquierda'), '[ArrowLeft][ArrowLeft]');
    expect(await findCardIn(NEW, 'Izquierda')).toBeInTheDocument();

    await dragWithKeys(await findCard('Borde'), '[ArrowRight][ArrowLeft]');
    expect(await findCardIn('EN ESPERA', 'Borde')).toBeInTheDocument();
  });

  it('screen readers hear, in Spanish, the request and the columns it goes over and into', async () => {
    completeRequest({ name: 'Anunciada', requestNumber: 42 });
    renderApp(BOARD, admin());
    const card = await findCard('Anunciada');
    const user = setupUser();

    // The card tells how to move it.
    const instructions = document.getElementById(card.getAttribute('aria-describedby') ?? '');
    expect(instructions).toHaveTextContent(/pulsa Espacio o Enter/);

    act(() => card.focus());
    await user.keyboard('[Space]');
    const live = await screen.findByText(
      /^Tomaste Solicitud 42: Anunciada de la columna NUEVA SOLICITUD/,
    );
    expect(live).toBeInTheDocument();
    await user.keyboard('[ArrowRight]');
    expect(
      await screen.findByText('Solicitud 42: Anunciada está sobre la columna CONTACTADO.'),
    ).toBeInTheDocument();
    await user.keyboard('[Space]');
    expect(
      await screen.findByText('Solicitud 42: Anunciada movida a CONTACTADO.'),
    ).toBeInTheDocument();
  });

  it('Escape cancels: the card stays and nothing is sent', async () => {
    completeRequest({ name: 'Arrepentida' });
    renderApp(BOARD, admin());

    const user = await pickUpAndMove(await findCard('Arrepentida'), '[ArrowRight]');
    await user.keyboard('[Escape]');

    expect(
      await screen.findByText(/^Movimiento cancelado\. Sigue en NUEVA SOLICITUD/),
    ).toBeInTheDocument();
    expect(queryCardIn(NEW, 'Arrepentida')).toBeInTheDocument();
    expect(queryCardIn('CONTACTADO', 'Arrepentida')).not.toBeInTheDocument();
    expect(moveCalls()).toEqual([]);
  });

  it('Tab cancels too: leaving the card does not drop it', async () => {
    completeRequest({ name: 'Tabulada' });
    renderApp(BOARD, admin());

    const user = await pickUpAndMove(await findCard('Tabulada'), '[ArrowRight]');
    await user.keyboard('[Tab]');

    expect(await screen.findByText(/^Movimiento cancelado/)).toBeInTheDocument();
    expect(queryCardIn(NEW, 'Tabulada')).toBeInTheDocument();
    expect(moveCalls()).toEqual([]);
  });

  it('dropped back on its own column, nothing is sent', async () => {
    completeRequest({ name: 'Quieta' });
    renderApp(BOARD, admin());

    await dragWithKeys(await findCard('Quieta'), '[ArrowRight][ArrowLeft]');

    expect(await screen.findByText(/soltada sin cambiar de columna/)).toBeInTheDocument();
    expect(queryCardIn(NEW, 'Quieta')).toBeInTheDocument();
    expect(moveCalls()).toEqual([]);
  });

  it("Space or Enter on a button inside the card does that button's job, not a drag", async () => {
    completeRequest({ name: 'Botones', email: 'botones@empresa.test' });
    renderApp(BOARD, admin());
    const card = await findCard('Botones');
    const user = setupUser();

    act(() => within(card).getByRole('button', { name: 'Editar solicitud' }).focus());
    await user.keyboard('[Enter]');

    const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
    // The window's form is a chunk of its own (issue 33): it comes after the dialog.
    expect(await within(dialog).findByDisplayValue('botones@empresa.test')).toBeInTheDocument();
    expect(screen.queryByText(/^Tomaste/)).not.toBeInTheDocument();
  });
});

describe('when the server refuses a move', () => {
  it('when someone else moved the request meanwhile (409), then the card goes where the server has it and a notice names that stage', async () => {
    const request = completeRequest({ name: 'Disputada' });
    renderApp(BOARD, admin());
    const card = await findCard('Disputada');
    // Someone else moves it to EN ESPERA after this board was read.
    const stored = db.requests.find((item) => item._id === request._id);
    if (stored) stored.status = 'follow up';

    await dragWithKeys(card, '[ArrowRight]');

    expect(await screen.findByText(MOVE_MESSAGES.movedMeanwhile('follow up'))).toBeInTheDocument();
    expect(await findCardIn('EN ESPERA', 'Disputada')).toBeInTheDocument();
    expect(queryCardIn('CONTACTADO', 'Disputada')).not.toBeInTheDocument();
    expect(queryCardIn(NEW, 'Disputada')).not.toBeInTheDocument();
    expect(countOf('CONTACTADO')).toHaveTextContent('0');
    expect(countOf('EN ESPERA')).toHaveTextContent('1');
    expect(countOf(NEW)).toHaveTextContent('0');
    // Refused: no notice of a move.
    expect(screen.queryByText(/^Movida a/)).not.toBeInTheDocument();
  });

  it('when the move fails, then the card goes back to its column with a notice', async () => {
    const request = completeRequest({ name: 'Falla' });
    db.failures.set(`PATCH /api/form-contact/${request._id}/status`, 500);
    renderApp(BOARD, admin());

    await dragWithKeys(await findCard('Falla'), '[ArrowRight]');

    expect(await screen.findByText(MOVE_MESSAGES.failed)).toBeInTheDocument();
    expect(await findCardIn(NEW, 'Falla')).toBeInTheDocument();
    expect(queryCardIn('CONTACTADO', 'Falla')).not.toBeInTheDocument();
    expect(countOf(NEW)).toHaveTextContent('1');
    expect(countOf('CONTACTADO')).toHaveTextContent('0');
  });
});

describe('a move on a filtered board', () => {
  it('the card shows in its new column once the server has the move (the filtered column is read after, not before), and the focus follows it there', async () => {
    completeRequest({ name: 'Filtrada', priority: 'low' });
    addRequest({ name: 'Otra prioridad', priority: 'high' });
    renderApp(`${BOARD}?priority=low`, admin());
    const card = await findCard('Filtrada');
    expect(queryCardIn(NEW, 'Otra prioridad')).not.toBeInTheDocument();

    await dragWithKeys(card, '[ArrowRight]');

    expect(await findCardIn('CONTACTADO', 'Filtrada')).toBeInTheDocument();
    await waitFor(() => expect(countOf('CONTACTADO')).toHaveTextContent('1'));
    // Drawn there only once the column was read again: the focus still follows it.
    await waitFor(() => expect(queryCardIn('CONTACTADO', 'Filtrada')).toHaveFocus());
    expect(countOf(NEW)).toHaveTextContent('0');
    expect(queryCardIn(NEW, 'Filtrada')).not.toBeInTheDocument();
  });
});

describe('after a move into a stage whose §5 rules the request does not meet', () => {
  it('the move still happens, a notice says in Spanish what is missing, and "Completar datos" opens the modal at the first field', async () => {
    const request = addRequest({ name: 'Por cerrar', status: 'follow up' });
    renderApp(BOARD, admin());

    await dragWithKeys(await findCard('Por cerrar'), '[ArrowRight]');
    await answerOutcome(setupUser(), 'won');

    expect(await findCardIn('CERRADO', 'Por cerrar')).toBeInTheDocument();
    const notice = await screen.findByText('Movida a CERRADO.');
    const toast = notice.closest<HTMLElement>('.Toastify__toast');
    if (!toast) throw new Error('no notice');
    expect(toast).toHaveTextContent(
      'Faltan: método de pago, cantidad de eventos, pax (número de personas) y 6 más.',
    );
    expect(toast).toHaveTextContent(`Solicitud ${request.requestNumber}: Por cerrar`);
    expect(db.requests.find((stored) => stored._id === request._id)?.status).toBe('closed');

    await setupUser().click(within(toast).getByRole('button', { name: 'Completar datos' }));

    expect(location()).toBe(`${BOARD}/${request._id}`);
    expect(locationSearch()).toBe('?focus=paymentMethod');
    expect(await screen.findByRole('dialog', { name: 'Editar solicitud' })).toBeInTheDocument();
  });

  it('"Completar datos" keeps the board\'s search and filters in the link', async () => {
    const request = addRequest({ name: 'Filtrada', status: 'quote sent', priority: 'low' });
    renderApp(`${BOARD}?q=Filtrada&priority=low`, admin());

    await dragWithKeys(await findCard('Filtrada'), '[ArrowRight]');
    await setupUser().click(await screen.findByRole('button', { name: 'Completar datos' }));

    expect(location()).toBe(`${BOARD}/${request._id}`);
    const params = new URLSearchParams(locationSearch() ?? '');
    expect(Object.fromEntries(params)).toEqual({
      q: 'Filtrada',
      priority: 'low',
      focus: 'paymentMethod',
    });
  });

  it('a field only an admin can fill is not named to a vendor (issue 33): complete but for it, the move says nothing', async () => {
    const vendor = addUser({ role: 'vendor', name: 'Vera', lastName: 'Vega' });
    // Complete but for the executive, which a vendor cannot assign (§6).
    addRequest({ ...COMPLETE_FIELDS, name: 'Sin ejecutivo', vendor: null });
    renderApp(BOARD, rememberBoardFilters(vendor));

    await dragWithKeys(await findCard('Sin ejecutivo'), '[ArrowRight]');

    // The server has the move; its answer's promise chain (where a notice is shown) has run.
    await waitFor(() => expect(db.requests[0]?.status).toBe('contacted'));
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(screen.queryByText(/ejecutivo asignado/)).not.toBeInTheDocument();
    expect(screen.queryByText(/^Movida a/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Completar datos' })).not.toBeInTheDocument();
  });
});

describe('"Mover a…" on a card', () => {
  it('on a phone (one column at a time), lists the other four stages; choosing one moves the card out of the column and confirms it', async () => {
    matchPhoneWidth();
    completeRequest({ name: 'Desde el teléfono' });
    addRequest({ name: 'Otra nueva' });
    renderApp(BOARD, admin());
    const card = await findCard('Desde el teléfono');
    const user = setupUser();

    await user.click(within(card).getByRole('button', { name: /^Mover a…/ }));
    const menu = screen.getByRole('menu', { name: /^Mover a…/ });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
      // Then issue 33's "Registrar actividad" (a call that already happened).
    ).toEqual(['CONTACTADO', 'COTIZACIÓN ENVIADA', 'EN ESPERA', 'CERRADO', 'Registrar actividad']);
    await user.click(within(menu).getByRole('menuitem', { name: 'EN ESPERA' }));

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    await waitFor(() => expect(queryCardIn(NEW, 'Desde el teléfono')).not.toBeInTheDocument());
    expect(await screen.findByText('Movida a EN ESPERA.')).toBeInTheDocument();
    await waitFor(() =>
      expect(moveCalls()[0]?.body).toEqual({ from: 'new request', to: 'follow up' }),
    );
    // The focus goes to the stage switcher rather than to nowhere.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Columna' })).toHaveFocus());

    await user.selectOptions(screen.getByRole('combobox', { name: 'Columna' }), 'follow up');
    expect(await findCardIn('EN ESPERA', 'Desde el teléfono')).toBeInTheDocument();
  });

  it('on a phone, the card leaves "Movida a EN ESPERA · Ver" in its place; "Ver" shows that stage with the focus on the card', async () => {
    matchPhoneWidth();
    addRequest({ name: 'Más nueva', createdAt: '2026-03-03T12:00:00.000Z' });
    addRequest({ name: 'Se va', createdAt: '2026-03-02T12:00:00.000Z' });
    addRequest({ name: 'Más antigua', createdAt: '2026-03-01T12:00:00.000Z' });
    renderApp(BOARD, admin());
    const user = setupUser();

    await user.click(within(await findCard('Se va')).getByRole('button', { name: /^Mover a…/ }));
    await user.click(screen.getByRole('menuitem', { name: 'EN ESPERA' }));

    const line = await within(column(NEW)).findByText('Movida a EN ESPERA');
    expect(queryCardIn(NEW, 'Se va')).not.toBeInTheDocument();
    // Where the card was: between the one before it and the one after it.
    const before = await findCardIn(NEW, 'Más nueva');
    const after = await findCardIn(NEW, 'Más antigua');
    expect(before.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(after.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(countOf(NEW)).toHaveTextContent('2');

    await user.click(
      within(column(NEW)).getByRole('button', { name: 'Ver la solicitud en EN ESPERA' }),
    );

    expect(screen.getByRole('combobox', { name: 'Columna' })).toHaveValue('follow up');
    const moved = await findCardIn('EN ESPERA', 'Se va');
    await waitFor(() => expect(moved).toHaveFocus());
    // Back on NUEVA SOLICITUD, the line is gone.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Columna' }), 'new request');
    await findCardIn(NEW, 'Más nueva');
    expect(screen.queryByText('Movida a EN ESPERA')).not.toBeInTheDocument();
  });

  it('on a phone, the line goes by itself after 10 s, and a move undone takes its place back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      matchPhoneWidth();
      addRequest({ name: 'Pasajera' });
      addRequest({ name: 'Vuelve' });
      renderApp(BOARD, admin());
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      const moveTo = async (name: string, stage: string) => {
        await user.click(within(await findCard(name)).getByRole('button', { name: /^Mover a…/ }));
        await user.click(screen.getByRole('menuitem', { name: stage }));
      };

      await moveTo('Pasajera', 'CONTACTADO');
      expect(await within(column(NEW)).findByText('Movida a CONTACTADO')).toBeInTheDocument();
      act(() => {
        vi.advanceTimersByTime(10_000);
      });
      expect(within(column(NEW)).queryByText('Movida a CONTACTADO')).not.toBeInTheDocument();

      await moveTo('Vuelve', 'EN ESPERA');
      expect(await within(column(NEW)).findByText('Movida a EN ESPERA')).toBeInTheDocument();
      const notice = (await screen.findByText('Movida a EN ESPERA.')).closest<HTMLElement>(
        '.Toastify__toast',
      );
      if (!notice) throw new Error('no notice');
      await user.click(within(notice).getByRole('button', { name: 'Deshacer' }));
      expect(await findCardIn(NEW, 'Vuelve')).toBeInTheDocument();
      expect(within(column(NEW)).queryByText('Movida a EN ESPERA')).not.toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });

  it('on a phone the cards are not draggable (nowhere to drop): no drag instructions, not a tab stop', async () => {
    matchPhoneWidth();
    addRequest({ name: 'Fija' });
    renderApp(BOARD, admin());

    const card = await findCard('Fija');
    // Focusable by the board (a moved card's "Ver"), not by Tab.
    expect(card).toHaveAttribute('tabindex', '-1');
    expect(card).not.toHaveAttribute('aria-describedby');
  });

  it('on a desktop it works from the keyboard: arrows pick the stage, Enter moves, the focus follows the card', async () => {
    addRequest({ name: 'Por menú' });
    renderApp(BOARD, admin());
    const card = await findCard('Por menú');
    const user = setupUser();

    act(() =>
      within(card)
        .getByRole('button', { name: /^Mover a…/ })
        .focus(),
    );
    await user.keyboard('[Enter]');
    const menu = screen.getByRole('menu');
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'CONTACTADO' })).toHaveFocus(),
    );
    await user.keyboard('[ArrowDown][ArrowDown]');
    expect(within(menu).getByRole('menuitem', { name: 'EN ESPERA' })).toHaveFocus();
    await user.keyboard('[Enter]');

    const moved = await findCardIn('EN ESPERA', 'Por menú');
    await waitFor(() => expect(moved).toHaveFocus());
    expect(countOf('EN ESPERA')).toHaveTextContent('1');
    // A fresh request lacks what EN ESPERA asks for: the notice says so.
    expect(await screen.findByText('Movida a EN ESPERA.')).toBeInTheDocument();
  });

  it('Escape closes the menu, gives the focus back to its button and moves nothing', async () => {
    addRequest({ name: 'Cerrar menú' });
    renderApp(BOARD, admin());
    const card = await findCard('Cerrar menú');
    const user = setupUser();
    const button = within(card).getByRole('button', { name: /^Mover a…/ });

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('[Escape]');

    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(moveCalls()).toEqual([]);
  });

  it('ArrowDown on a focused card still scrolls the board (§2)', async () => {
    addRequest({ name: 'Desplazar' });
    renderApp(BOARD, admin());
    const card = await findCard('Desplazar');
    const board = screen.getByTestId('board');
    const scrollBy = vi.fn();
    board.scrollBy = scrollBy as typeof board.scrollBy;

    act(() => card.focus());
    await setupUser().keyboard('[ArrowDown]');

    expect(scrollBy).toHaveBeenCalledWith({ top: 30, behavior: 'instant' });
  });
});

describe('"Deshacer" on a move\'s notice (issue 25)', () => {
  const noticeOf = async (text: string) => {
    const toast = (await screen.findByText(text)).closest<HTMLElement>('.Toastify__toast');
    if (!toast) throw new Error('no notice');
    return toast;
  };

  it('moves the request back to its stage through the same conditional move, says so, and puts the focus on the card', async () => {
    const request = addRequest({ name: 'Arrepentida' });
    renderApp(BOARD, admin());
    const user = setupUser();
    await user.click(
      within(await findCard('Arrepentida')).getByRole('button', { name: /^Mover a…/ }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'EN ESPERA' }));
    const moved = await noticeOf('Movida a EN ESPERA.');
    // A notice with a button stays 10 s (its progress bar), twice a plain one's 5 s.
    expect(
      moved.querySelector<HTMLElement>('.Toastify__progress-bar')?.style.animationDuration,
    ).toBe('10000ms');
    await findCardIn('EN ESPERA', 'Arrepentida');

    await user.click(within(moved).getByRole('button', { name: 'Deshacer' }));

    const back = await findCardIn(NEW, 'Arrepentida');
    expect(queryCardIn('EN ESPERA', 'Arrepentida')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(moveCalls().map((call) => call.body)).toEqual([
        { from: 'new request', to: 'follow up' },
        { from: 'follow up', to: 'new request' },
      ]),
    );
    const undone = await noticeOf('Devuelta a NUEVA SOLICITUD.');
    expect(undone).toHaveTextContent(`Solicitud ${request.requestNumber}: Arrepentida`);
    // No undo of the undo.
    expect(within(undone).queryByRole('button', { name: 'Deshacer' })).not.toBeInTheDocument();
    expect(db.requests.find((stored) => stored._id === request._id)?.status).toBe('new request');
    await waitFor(() => expect(back).toHaveFocus());
  });

  it('when someone else moved the request meanwhile, the server refuses (409) and the notice says where it is', async () => {
    const request = addRequest({ name: 'Movida por otro' });
    renderApp(BOARD, admin());
    const user = setupUser();
    await user.click(
      within(await findCard('Movida por otro')).getByRole('button', { name: /^Mover a…/ }),
    );
    await user.click(screen.getByRole('menuitem', { name: 'CONTACTADO' }));
    const moved = await noticeOf('Movida a CONTACTADO.');
    await waitFor(() => expect(moveCalls()).toHaveLength(1));
    // Someone else moves it on to COTIZACIÓN ENVIADA.
    const stored = db.requests.find((item) => item._id === request._id);
    if (stored) stored.status = 'quote sent';

    await user.click(within(moved).getByRole('button', { name: 'Deshacer' }));

    expect(await screen.findByText(MOVE_MESSAGES.movedMeanwhile('quote sent'))).toBeInTheDocument();
    expect(await findCardIn('COTIZACIÓN ENVIADA', 'Movida por otro')).toBeInTheDocument();
    expect(queryCardIn(NEW, 'Movida por otro')).not.toBeInTheDocument();
    expect(screen.queryByText(/^Devuelta a/)).not.toBeInTheDocument();
    expect(stored?.status).toBe('quote sent');
  });
});
