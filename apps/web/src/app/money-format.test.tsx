import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_LABELS, OUTCOME_LABELS } from '@crm/shared';
import { addRequest, addUser, record } from '../test/fake-api';
import { renderApp } from '../test/render';
import { cardName, titleOf } from '../test/requests';
import { setupUser } from '../test/user';

// Issue 33: one money format everywhere. The same amount, 1500 pesos, reads "$1.500" on the card,
// in its column's total, in the board's pipeline, in the request's history and on Inicio.

const AMOUNT_TEXT = '$1.500';
/** Mid-month, so "Este mes" on Inicio holds the request in any time zone. */
const NOW = new Date('2026-11-18T15:00:00.000Z');

afterEach(() => {
  vi.useRealTimers();
});

describe('one money format (issue 33)', () => {
  it('the same amount reads the same on the board, in the history and on Inicio', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: NOW });
    const admin = addUser({ role: 'system admin', name: 'Ada', lastName: 'Admin' });
    const request = addRequest({
      vendor: admin._id,
      expectedValue: 1500,
      createdAt: '2026-11-18T14:00:00.000Z',
    });
    record(request._id, admin._id, 'expectedValue', null, '1500');

    renderApp('/main/requests', admin);
    const user = setupUser();
    const card = await screen.findByRole('article', { name: cardName(request) });
    await waitFor(() => expect(card).toHaveTextContent(AMOUNT_TEXT));
    const column = screen.getByRole('region', { name: titleOf(request.status) });
    expect(within(column).getByTitle(OUTCOME_LABELS.columnTotal)).toHaveTextContent(AMOUNT_TEXT);
    const pipeline = await screen.findByLabelText('Pipeline');
    expect(
      within(pipeline).getByText(OUTCOME_LABELS.pipelineTotal, { exact: false }).nextSibling,
    ).toHaveTextContent(AMOUNT_TEXT);

    await user.click(within(card).getByRole('button', { name: 'Editar solicitud' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
    // The window's form is a chunk of its own (issue 33): it comes after the dialog.
    await user.click(await within(dialog).findByRole('button', { name: /^Historial/ }));
    const history = await within(dialog).findByRole('list', { name: 'Historial' });
    expect(history).toHaveTextContent(`estimó el monto en ${AMOUNT_TEXT}`);
    cleanup();

    renderApp('/main/home', admin);
    const figure = await screen.findByText(DASHBOARD_LABELS.periodPipeline, { selector: 'dt' });
    await waitFor(() => expect(figure.nextElementSibling).toHaveTextContent(AMOUNT_TEXT));
  });
});
