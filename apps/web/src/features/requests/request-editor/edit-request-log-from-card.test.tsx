import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addRequest, db } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { cardName } from '../../../test/requests';
import { clickCard, fill, findEditor, seedUsers } from './edit-request.test-kit';
import { setupUser } from '../../../test/user';

// Issue 33: a call that already happened, logged in one step from the card's menu.

describe('Registrar actividad from a card’s menu (issue 33)', () => {
  it('when a done meeting is logged from the card, then the request’s history shows it', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ name: 'Marta Díaz' });
    renderApp('/main/requests', admin);
    const user = setupUser();

    const card = await screen.findByRole('article', { name: cardName(request) });
    await user.click(within(card).getByRole('button', { name: /^Mover a…/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Registrar actividad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Registrar actividad' });
    await user.selectOptions(within(dialog).getByLabelText('Tipo'), 'meeting');
    await fill(user, within(dialog).getByLabelText('Qué se hizo'), 'Reunión en su oficina');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(db.activities.get(request._id)).toEqual([
      expect.objectContaining({ type: 'meeting', title: 'Reunión en su oficina', done: true }),
    ]);
    // Not the card's next step: it already happened.
    expect(within(card).queryByText('Reunión en su oficina')).toBeNull();

    await clickCard(user, request);
    const editor = await findEditor();
    await user.click(within(editor).getByRole('button', { name: /^Historial/ }));
    const history = await within(editor).findByRole('list', { name: 'Historial' });
    expect(within(history).getByRole('listitem')).toHaveTextContent(
      'registró reunión «Reunión en su oficina»',
    );
  });
});
