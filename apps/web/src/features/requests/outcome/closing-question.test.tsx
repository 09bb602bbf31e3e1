import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OUTCOME_LABELS } from '@crm/shared';
import { addRequest, addUser, db } from '../../../test/fake-api';
import { matchPhoneWidth } from '../../../test/media';
import { answerOutcome, findOutcomeDialog } from '../../../test/outcome';
import {
  column,
  dragWithKeys,
  findCard,
  findCardIn,
  moveCalls,
  queryCardIn,
} from '../../../test/board';
import { renderApp } from '../../../test/render';
import { setupUser } from '../../../test/user';

// Issue 21 on the board: the closing question on every way to CERRADO, the card's outcome line,
// the columns' totals, the pipeline above them and the "Resultado" filter.

const BOARD = '/main/requests';
const totalOf = (title: string) => within(column(title)).getByTitle(OUTCOME_LABELS.columnTotal);
const admin = () => addUser({ role: 'system admin', name: 'Admin', lastName: 'Root' });

describe('the closing question ("¿Ganada o perdida?")', () => {
  it('a keyboard drag to CERRADO asks first; Perdida with its reason moves it with the outcome, the card says why and the totals follow', async () => {
    addRequest({ name: 'Ya cerrada', status: 'closed', expectedValue: 1_000 });
    addRequest({ name: 'Por cerrar', status: 'follow up', expectedValue: 250_000 });
    renderApp(BOARD, admin());
    const card = await findCard('Por cerrar');
    await waitFor(() => expect(totalOf('EN ESPERA')).toHaveTextContent('$250.000'));
    expect(within(card).getByText('$250.000')).toBeInTheDocument();

    const user = await dragWithKeys(card, '[ArrowRight]');
    const dialog = await findOutcomeDialog();
    // Nothing is sent until it is answered.
    expect(moveCalls()).toEqual([]);
    // Perdida needs its reason.
    await user.click(within(dialog).getByRole('radio', { name: OUTCOME_LABELS.lost }));
    await user.click(within(dialog).getByRole('button', { name: OUTCOME_LABELS.confirm }));
    expect(within(dialog).getByLabelText(OUTCOME_LABELS.reason)).toHaveFocus();
    expect(moveCalls()).toEqual([]);
    expect(
      within(within(dialog).getByLabelText(OUTCOME_LABELS.reason))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual([
      '—',
      'Precio',
      'Sin respuesta',
      'Eligió a la competencia',
      'Fecha no disponible',
      'Otro',
    ]);
    await user.selectOptions(within(dialog).getByLabelText(OUTCOME_LABELS.reason), 'Precio');
    await user.click(within(dialog).getByRole('button', { name: OUTCOME_LABELS.confirm }));

    const closed = await findCardIn('CERRADO', 'Por cerrar');
    expect(closed).toHaveTextContent('Perdida: Precio');
    await waitFor(() =>
      expect(moveCalls()[0]?.body).toEqual({
        from: 'follow up',
        to: 'closed',
        outcome: { result: 'lost', reason: 'Precio', comment: null },
      }),
    );
    expect(totalOf('EN ESPERA')).toHaveTextContent('$0');
    // Issue 33: CERRADO says its won and lost apart; "Ya cerrada" (no outcome) is in neither.
    const closedTotals = within(column('CERRADO')).getByTitle(OUTCOME_LABELS.closedTotalHelp);
    expect(closedTotals).toHaveTextContent(
      `${OUTCOME_LABELS.closedWon} $0${OUTCOME_LABELS.closedLost} $250.000`,
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('Cancelar leaves the card where it was and sends nothing', async () => {
    addRequest({ name: 'Se queda', status: 'follow up' });
    renderApp(BOARD, admin());
    const user = await dragWithKeys(await findCard('Se queda'), '[ArrowRight]');
    const dialog = await findOutcomeDialog();

    await user.click(within(dialog).getByRole('button', { name: OUTCOME_LABELS.cancel }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await findCardIn('EN ESPERA', 'Se queda')).toBeInTheDocument();
    expect(queryCardIn('CERRADO', 'Se queda')).not.toBeInTheDocument();
    expect(moveCalls()).toEqual([]);
  });

  it('on a phone, "Mover a…" CERRADO asks too; Ganada moves it and the card says so', async () => {
    matchPhoneWidth();
    addRequest({ name: 'Desde el teléfono', status: 'new request' });
    renderApp(BOARD, admin());
    const card = await findCard('Desde el teléfono');
    const user = setupUser();

    await user.click(within(card).getByRole('button', { name: /^Mover a…/ }));
    await user.click(screen.getByRole('menuitem', { name: 'CERRADO' }));
    await answerOutcome(user, 'won');

    await waitFor(() =>
      expect(moveCalls()[0]?.body).toEqual({
        from: 'new request',
        to: 'closed',
        outcome: { result: 'won', reason: null, comment: null },
      }),
    );
    await user.selectOptions(screen.getByLabelText('Columna'), 'closed');
    expect(await findCardIn('CERRADO', 'Desde el teléfono')).toHaveTextContent('Ganada');
  });

  it('a request closed before issue 21 reads "Sin resultado"', async () => {
    addRequest({ name: 'Antigua', status: 'closed' });
    renderApp(BOARD, admin());
    await findCard('Antigua');
    expect(await findCardIn('CERRADO', 'Antigua')).toHaveTextContent(OUTCOME_LABELS.none);
  });
});

describe('the pipeline above the columns', () => {
  it('sums the open columns and weighs them by each stage’s win probability, and follows a move', async () => {
    addRequest({ name: 'A', status: 'new request', expectedValue: 1_000_000 });
    addRequest({ name: 'B', status: 'quote sent', expectedValue: 500_000 });
    addRequest({ name: 'C', status: 'closed', expectedValue: 9_000_000 });
    renderApp(BOARD, admin());
    const summary = await screen.findByLabelText('Pipeline');

    // 1.000.000 × 10 % + 500.000 × 40 %.
    expect(summary).toHaveTextContent(`${OUTCOME_LABELS.pipelineTotal}:$1.500.000`);
    expect(summary).toHaveTextContent(`${OUTCOME_LABELS.forecast}:$300.000`);

    await dragWithKeys(await findCard('A'), '[ArrowRight]');
    // Now in CONTACTADO (20 %): 1.000.000 × 20 % + 200.000.
    await waitFor(() => expect(summary).toHaveTextContent(`${OUTCOME_LABELS.forecast}:$400.000`));
    expect(summary).toHaveTextContent(`${OUTCOME_LABELS.pipelineTotal}:$1.500.000`);
  });
});

describe('the "Resultado" filter', () => {
  it('goes in the URL and is sent with the board call; CERRADO shows only the lost ones', async () => {
    addRequest({
      name: 'Perdida',
      status: 'closed',
      outcome: { result: 'lost', reason: 'Precio', comment: null },
    });
    addRequest({
      name: 'Ganada',
      status: 'closed',
      outcome: { result: 'won', reason: null, comment: null },
    });
    addRequest({ name: 'Abierta', status: 'new request' });
    renderApp(BOARD, admin());
    await findCard('Ganada');
    const user = setupUser();

    await user.selectOptions(screen.getByLabelText(OUTCOME_LABELS.filter), 'lost');

    expect(screen.getByTestId('location-search')).toHaveTextContent('?outcome=lost');
    await waitFor(() => expect(queryCardIn('CERRADO', 'Ganada')).not.toBeInTheDocument());
    expect(await findCardIn('CERRADO', 'Perdida')).toBeInTheDocument();
    expect(await findCardIn('NUEVA SOLICITUD', 'Abierta')).toBeInTheDocument();
    const boardCalls = db.calls.filter((call) => call.path === '/api/form-contact/board');
    expect(boardCalls.at(-1)?.search).toBe('?outcome=lost');
  });
});
