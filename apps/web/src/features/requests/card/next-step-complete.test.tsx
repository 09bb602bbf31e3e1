import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addDays } from '@crm/shared';
import { dayOf } from '../../../lib/activity-due';
import { findCard } from '../../../test/board';
import { addActivity, addRequest, addUser, db } from '../../../test/fake-api';
import { findNotice } from '../../../test/notice';
import { renderApp } from '../../../test/render';
import { setupUser } from '../../../test/user';

const today = dayOf(new Date());

/** The board with a request whose next steps are "Llamar a Juan", then "Enviar cotización". */
async function showCard(titles = ['Llamar a Juan', 'Enviar cotización']) {
  const admin = addUser({ role: 'system admin' });
  const request = addRequest({ name: 'Cliente Pasos' });
  titles.forEach((title, index) =>
    addActivity(request._id, { type: 'call', title, dueDate: addDays(today, index + 1) }),
  );
  renderApp('/main/requests', admin);
  const card = await findCard('Cliente Pasos');
  return { user: setupUser(), card: within(card), request, element: card };
}

const stored = (requestId: string, title: string) =>
  db.activities.get(requestId)?.find((activity) => activity.title === title);

describe('a card’s next step: "Completar" (issue 33 item 4)', () => {
  it('when completed, then a notice says so, the card shows the step after it, and "Deshacer" brings it back', async () => {
    const { user, card, request } = await showCard();
    await user.click(card.getByRole('button', { name: 'Completar: Llamar a Juan' }));

    const notice = within(await findNotice('Hecha: Llamar a Juan.'));
    expect(await card.findByRole('button', { name: 'Completar: Enviar cotización' })).toBeVisible();
    expect(stored(request._id, 'Llamar a Juan')).toMatchObject({ done: true });

    await user.click(notice.getByRole('button', { name: 'Deshacer' }));

    expect(await card.findByRole('button', { name: 'Completar: Llamar a Juan' })).toBeVisible();
    expect(stored(request._id, 'Llamar a Juan')).toMatchObject({ done: false });
  });

  it('when completed, then "Planificar la siguiente" opens the request on its plan form', async () => {
    const { user, card, request } = await showCard(['Llamar a Juan']);
    await user.click(card.getByRole('button', { name: 'Completar: Llamar a Juan' }));

    const notice = within(await findNotice('Hecha: Llamar a Juan.'));
    await user.click(notice.getByRole('button', { name: 'Planificar la siguiente' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Editar solicitud' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/main/requests/${request._id}`);
    const form = within(await dialog.findByRole('group', { name: 'Planificar actividad' }));
    expect(form.getByLabelText('Título')).toHaveValue('Llamar a Juan');
    expect(form.getByLabelText('Tipo')).toHaveValue('call');
  });

  it('when completed, then the focus is on the next step’s "Completar", and on the card when none is left', async () => {
    const { user, card, element } = await showCard();
    await user.click(card.getByRole('button', { name: 'Completar: Llamar a Juan' }));

    const next = await card.findByRole('button', { name: 'Completar: Enviar cotización' });
    await waitFor(() => expect(next).toHaveFocus());

    await user.click(next);
    expect(await card.findByText('Sin próxima acción')).toBeVisible();
    await waitFor(() => expect(element).toHaveFocus());
  });

  it('a double click completes one: its second click, on the next step now in its place, does nothing', async () => {
    const { user, card, request } = await showCard();
    await user.click(card.getByRole('button', { name: 'Completar: Llamar a Juan' }));
    const next = await card.findByRole('button', { name: 'Completar: Enviar cotización' });
    await waitFor(() => expect(next).toBeEnabled());
    fireEvent.click(next, { detail: 2 });

    await findNotice('Hecha: Llamar a Juan.');
    expect(stored(request._id, 'Enviar cotización')).toMatchObject({ done: false });
    expect(db.calls.filter((call) => call.path.endsWith('/complete'))).toHaveLength(1);
    expect(card.getByRole('button', { name: 'Completar: Enviar cotización' })).toBeVisible();
  });
});
