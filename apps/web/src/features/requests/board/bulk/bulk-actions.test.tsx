import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BULK_FAILURES, BULK_LABELS, BULK_MESSAGES } from '@crm/shared';
import { addRequest, addUser, db } from '../../../../test/fake-api';
import { column, findCard, findCardIn, queryCardIn } from '../../../../test/board';
import { renderApp } from '../../../../test/render';
import { setupUser } from '../../../../test/user';

const BOARD = '/main/requests';
const NEW = 'NUEVA SOLICITUD';
const CONTACTED = 'CONTACTADO';

const checkbox = (name: string) =>
  screen.getByRole('checkbox', { name: new RegExp(`^${BULK_LABELS.select} .*: ${name}$`) });

/** Requests a day apart, newest first on the board in the order given. */
function addNewRequests(names: string[]) {
  const now = Date.now();
  return names.map((name, index) =>
    addRequest({ name, createdAt: new Date(now - index * 86_400_000).toISOString() }),
  );
}

describe('bulk actions on the board (issue 24)', () => {
  it('moves three cards picked with a click and a Shift range, and lists the one changed meanwhile', async () => {
    const admin = addUser({ role: 'system admin' });
    const [, second] = addNewRequests(['Ana', 'Beto', 'Cami', 'Dani']);
    renderApp(BOARD, admin);
    await findCard('Ana');
    const user = setupUser();
    await user.click(checkbox('Ana'));
    await user.keyboard('{Shift>}');
    await user.click(checkbox('Cami'));
    await user.keyboard('{/Shift}');
    const bar = await screen.findByRole('toolbar', { name: 'Acciones con la selección' });
    expect(within(bar).getByText(BULK_LABELS.selected(3))).toBeInTheDocument();
    expect(checkbox('Dani')).not.toBeChecked();

    // Someone else moves Beto before the action is sent.
    second!.status = 'follow up';
    await user.selectOptions(
      within(bar).getByRole('combobox', { name: BULK_LABELS.move }),
      CONTACTED,
    );

    await findCardIn(CONTACTED, 'Ana');
    await findCardIn(CONTACTED, 'Cami');
    expect(await screen.findByText(BULK_MESSAGES.done(2))).toBeInTheDocument();
    expect(await screen.findByText(BULK_MESSAGES.someFailed(1))).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`Beto: ${BULK_FAILURES.changed}`))).toBeInTheDocument();
    // The one that failed stays selected, the others are not.
    expect(within(bar).getByText(BULK_LABELS.selected(1))).toBeInTheDocument();
    expect(db.calls.find((call) => call.path.endsWith('/bulk'))?.body).toMatchObject({
      action: 'move',
      to: 'contacted',
      items: expect.arrayContaining([{ id: second!._id, from: 'new request' }]),
    });
    expect(queryCardIn(NEW, 'Dani')).toBeInTheDocument();
  });

  it('offers neither Eliminar nor Asignar to an executive', async () => {
    const vendor = addUser({ role: 'vendor' });
    addRequest({ name: 'Ana', vendor: vendor._id });
    renderApp(BOARD, vendor);
    await findCard('Ana');
    await userEvent.click(checkbox('Ana'));
    const bar = await screen.findByRole('toolbar', { name: 'Acciones con la selección' });
    expect(within(bar).getByRole('combobox', { name: BULK_LABELS.priority })).toBeInTheDocument();
    expect(within(bar).queryByRole('combobox', { name: BULK_LABELS.assign })).toBeNull();
    expect(within(bar).queryByRole('button', { name: BULK_LABELS.delete })).toBeNull();
  });

  it('deletes the column selected after a confirmation naming the count', async () => {
    const admin = addUser({ role: 'system admin' });
    addNewRequests(['Ana', 'Beto']);
    renderApp(BOARD, admin);
    await findCard('Ana');
    const user = setupUser();
    await user.click(
      within(column(NEW)).getByRole('checkbox', { name: `${BULK_LABELS.selectColumn} ${NEW}` }),
    );
    const bar = await screen.findByRole('toolbar', { name: 'Acciones con la selección' });
    await user.click(within(bar).getByRole('button', { name: BULK_LABELS.delete }));
    const dialog = await screen.findByRole('alertdialog', { name: BULK_MESSAGES.confirmDelete(2) });
    await user.click(within(dialog).getByRole('button', { name: BULK_LABELS.delete }));
    expect(await screen.findByText(BULK_MESSAGES.deleted(2))).toBeInTheDocument();
    await waitFor(() => expect(queryCardIn(NEW, 'Ana')).toBeNull());
    expect(db.requests).toHaveLength(0);
    expect(screen.queryByRole('toolbar', { name: 'Acciones con la selección' })).toBeNull();
  });

  it('clears the selection with Escape', async () => {
    const admin = addUser({ role: 'system admin' });
    addRequest({ name: 'Ana' });
    renderApp(BOARD, admin);
    await findCard('Ana');
    const user = setupUser();
    await user.click(checkbox('Ana'));
    await screen.findByRole('toolbar', { name: 'Acciones con la selección' });
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('toolbar', { name: 'Acciones con la selección' })).toBeNull(),
    );
    expect(checkbox('Ana')).not.toBeChecked();
  });
});
