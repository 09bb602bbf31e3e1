import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type Request } from '@crm/shared';
import { addRequest, addUser, db } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { cardName, titleOf } from '../../../test/requests';
import { setupUser } from '../../../test/user';

/** Elements behind an open dialog are hidden from the accessibility tree: `hidden` finds them. */
const card = (request: Request) =>
  screen.getByRole('article', { name: cardName(request), hidden: true });
const pencilOf = (request: Request) =>
  within(card(request)).getByRole('button', { name: 'Editar solicitud', hidden: true });
const column = (status: Request['status']) =>
  screen.getByRole('region', { name: titleOf(status), hidden: true });
const deleteCalls = () => db.calls.filter((call) => call.method === 'DELETE');

async function findEditor() {
  const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
  await within(dialog).findByLabelText('Etapa de la solicitud');
  return dialog;
}

async function renderBoard(...requests: Request[]) {
  const admin = addUser({ role: 'system admin' });
  renderApp('/main/requests', admin);
  for (const request of requests) {
    await screen.findByRole('article', { name: cardName(request) });
  }
  return setupUser();
}

describe('Edit Request modal: where the focus goes', () => {
  it('when opened from the pencil, the window’s heading takes the focus (issue 25), no field; closing gives it back to the pencil', async () => {
    const request = addRequest({ name: 'Lucía' });
    const user = await renderBoard(request);

    await user.click(pencilOf(request));
    const dialog = await findEditor();
    // The person reads the request first: no field is focused, so no stray key changes one.
    await waitFor(() =>
      expect(within(dialog).getByRole('heading', { name: 'Editar solicitud' })).toHaveFocus(),
    );
    expect(within(dialog).getByLabelText('Etapa de la solicitud')).not.toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(pencilOf(request)).toHaveFocus());
  });

  it('when the stage was changed in the modal, the focus goes to the pencil of the card in its new column', async () => {
    const request = addRequest({ name: 'Movida', status: 'new request' });
    const user = await renderBoard(request);

    await user.click(pencilOf(request));
    const dialog = await findEditor();
    await user.selectOptions(within(dialog).getByLabelText('Etapa de la solicitud'), 'Contactado');
    await waitFor(() =>
      expect(
        within(column('contacted')).getByRole('article', { name: cardName(request), hidden: true }),
      ).toBeInTheDocument(),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(pencilOf(request)).toHaveFocus());
    expect(within(column('contacted')).getByRole('article', { name: cardName(request) })).toBe(
      card(request),
    );
  });

  it('opened from a link (no control opened it), closing puts the focus on the card’s pencil', async () => {
    const admin = addUser({ role: 'system admin' });
    const request = addRequest({ name: 'Enlazada' });
    renderApp(`/main/requests/${request._id}`, admin);
    await findEditor();
    await screen.findByRole('article', { name: cardName(request), hidden: true });

    await setupUser().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(pencilOf(request)).toHaveFocus());
  });
});

describe('The card’s inline delete confirmation', () => {
  it('takes the focus on "Cancel"; Escape cancels it and gives the focus back to the delete icon', async () => {
    const request = addRequest({ name: 'Borrable' });
    const user = await renderBoard(request);
    const trash = within(card(request)).getByRole('button', { name: 'Eliminar solicitud' });

    await user.click(trash);
    const confirmation = within(card(request)).getByRole('group', {
      name: `¿Eliminar ${cardName(request)}?`,
    });
    expect(within(confirmation).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(trash).toHaveAttribute('aria-expanded', 'true');

    await user.keyboard('{Escape}');

    expect(within(card(request)).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    expect(trash).toHaveFocus();
    expect(trash).toHaveAttribute('aria-expanded', 'false');
    expect(deleteCalls()).toEqual([]);
  });

  it('"Cancel" gives the focus back to the delete icon', async () => {
    const request = addRequest({ name: 'Borrable' });
    const user = await renderBoard(request);
    const trash = within(card(request)).getByRole('button', { name: 'Eliminar solicitud' });

    await user.click(trash);
    await user.click(within(card(request)).getByRole('button', { name: 'Cancel' }));

    expect(trash).toHaveFocus();
    expect(deleteCalls()).toEqual([]);
  });

  it('Escape on the confirmation does not close it while the delete is on its way', async () => {
    const request = addRequest({ name: 'Borrable' });
    const user = await renderBoard(request);
    db.latencyMs = 300;
    await user.click(within(card(request)).getByRole('button', { name: 'Eliminar solicitud' }));
    await user.click(within(card(request)).getByRole('button', { name: 'Delete' }));
    expect(within(card(request)).getByRole('button', { name: 'Deleting...' })).toBeDisabled();

    await user.keyboard('{Escape}');
    expect(within(card(request)).getByRole('button', { name: 'Deleting...' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('article', { name: cardName(request) })).not.toBeInTheDocument(),
    );
  });

  it('after "Delete", the card goes and the focus moves to the card that takes its place', async () => {
    // The newest first: "Primera" on top, "Segunda" under it.
    const second = addRequest({ name: 'Segunda' });
    const first = addRequest({ name: 'Primera' });
    const user = await renderBoard(first, second);

    await user.click(within(card(first)).getByRole('button', { name: 'Eliminar solicitud' }));
    await user.click(within(card(first)).getByRole('button', { name: 'Delete' }));

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: cardName(first) })).not.toBeInTheDocument(),
    );
    await waitFor(() => expect(card(second)).toHaveFocus());
    expect(deleteCalls()).toHaveLength(1);
  });

  it('after "Delete" of the only card, the focus moves to its column', async () => {
    const request = addRequest({ name: 'Sola', status: 'follow up' });
    const user = await renderBoard(request);

    await user.click(within(card(request)).getByRole('button', { name: 'Eliminar solicitud' }));
    await user.click(within(card(request)).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(column('follow up')).toHaveFocus());
  });
});
