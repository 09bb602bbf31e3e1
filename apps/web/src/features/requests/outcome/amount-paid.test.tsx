import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, OUTCOME_LABELS } from '@crm/shared';
import { addRequest, addUser, db } from '../../../test/fake-api';
import { findOutcomeDialog } from '../../../test/outcome';
import { dragWithKeys, findCard, findCardIn, moveCalls } from '../../../test/board';
import { COMPLETE_FIELDS } from '../../../test/requests';
import { renderApp } from '../../../test/render';

// Issue 33 item 6: closing as Ganada asks "Monto pagado" in the same dialog, prefilled with the
// expected value, so the close no longer ends with "Falta: monto pagado".

const BOARD = '/main/requests';
const admin = () => addUser({ role: 'system admin', name: 'Admin', lastName: 'Root' });
const storedOf = (id: string) => db.requests.find((request) => request._id === id);

async function closeByKeyboard(name: string) {
  const user = await dragWithKeys(await findCard(name), '[ArrowRight]');
  return { user, dialog: await findOutcomeDialog() };
}

describe('"Monto pagado" in the closing question', () => {
  it('Ganada shows it with the expected value; confirmed, the move carries it, the request keeps it and no notice asks for it', async () => {
    const seller = admin();
    const request = addRequest({
      ...COMPLETE_FIELDS,
      vendor: seller._id,
      name: 'Boda Pérez',
      status: 'follow up',
      expectedValue: 4_500_000,
      amoutPaid: 0,
    });
    renderApp(BOARD, seller);
    const { user, dialog } = await closeByKeyboard('Boda Pérez');
    expect(within(dialog).queryByLabelText('Monto pagado')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: OUTCOME_LABELS.won }));
    expect(within(dialog).getByLabelText('Monto pagado')).toHaveValue('4.500.000');
    await user.click(within(dialog).getByRole('button', { name: OUTCOME_LABELS.confirm }));

    expect(await findCardIn('CERRADO', 'Boda Pérez')).toBeInTheDocument();
    await waitFor(() =>
      expect(moveCalls()[0]?.body).toEqual({
        from: 'follow up',
        to: 'closed',
        outcome: { result: 'won', reason: null, comment: null },
        amoutPaid: 4_500_000,
      }),
    );
    await waitFor(() => expect(storedOf(request._id)?.amoutPaid).toBe(4_500_000));
    expect(screen.queryByText(/monto pagado/)).not.toBeInTheDocument();
  });

  it('an amount typed replaces the suggestion; one that is not an amount is refused in Spanish and nothing is sent', async () => {
    const request = addRequest({ name: 'Cóctel', status: 'follow up', expectedValue: 1_000 });
    renderApp(BOARD, admin());
    const { user, dialog } = await closeByKeyboard('Cóctel');
    await user.click(within(dialog).getByRole('radio', { name: OUTCOME_LABELS.won }));
    const amount = within(dialog).getByLabelText('Monto pagado');

    await user.clear(amount);
    await user.type(amount, 'mucho');
    await user.click(within(dialog).getByRole('button', { name: OUTCOME_LABELS.confirm }));
    expect(within(dialog).getByText(FIELD_MESSAGES.amountPaidInvalid)).toBeInTheDocument();
    expect(amount).toHaveFocus();
    expect(moveCalls()).toEqual([]);

    await user.clear(amount);
    await user.type(amount, '$ 1.200.000');
    await user.click(within(dialog).getByRole('button', { name: OUTCOME_LABELS.confirm }));
    await waitFor(() => expect(moveCalls()[0]?.body).toMatchObject({ amoutPaid: 1_200_000 }));
    await waitFor(() => expect(storedOf(request._id)?.amoutPaid).toBe(1_200_000));
  });

  it('Perdida does not ask it and sends none', async () => {
    addRequest({ name: 'Se fue', status: 'follow up', expectedValue: 9_000 });
    renderApp(BOARD, admin());
    const { user, dialog } = await closeByKeyboard('Se fue');

    await user.click(within(dialog).getByRole('radio', { name: OUTCOME_LABELS.lost }));
    expect(within(dialog).queryByLabelText('Monto pagado')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText(OUTCOME_LABELS.reason), 'Precio');
    await user.click(within(dialog).getByRole('button', { name: OUTCOME_LABELS.confirm }));

    await waitFor(() => expect(moveCalls()).toHaveLength(1));
    expect(moveCalls()[0]?.body).not.toHaveProperty('amoutPaid');
  });

  it('emptied, it is not sent (the request keeps what it had)', async () => {
    addRequest({ name: 'Sin pago aún', status: 'follow up', expectedValue: 5_000 });
    renderApp(BOARD, admin());
    const { user, dialog } = await closeByKeyboard('Sin pago aún');
    await user.click(within(dialog).getByRole('radio', { name: OUTCOME_LABELS.won }));
    await user.clear(within(dialog).getByLabelText('Monto pagado'));
    await user.click(within(dialog).getByRole('button', { name: OUTCOME_LABELS.confirm }));

    await waitFor(() => expect(moveCalls()).toHaveLength(1));
    expect(moveCalls()[0]?.body).not.toHaveProperty('amoutPaid');
  });
});
