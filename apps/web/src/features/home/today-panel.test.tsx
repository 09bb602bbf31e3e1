import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AGENDA_LABELS, DASHBOARD_LABELS, addDays } from '@crm/shared';
import { dayOf } from '../../lib/activity-due';
import { addActivity, addRequest, addUser, db } from '../../test/fake-api';
import { findNotice } from '../../test/notice';
import { renderApp } from '../../test/render';
// Inicio is a lazy chunk (with its chart library): loaded here, with this file, its first import
// (transforming it) no longer falls inside the first test's 5 s `findBy`, which a busy machine
// outlasted. The screen's own start (its queries) still does.
import './home-page';
import { setupUser } from '../../test/user';

const today = dayOf(new Date());

/** Inicio with two overdue activities and one of today's for Bea. */
async function openToday() {
  const bea = addUser({ role: 'vendor', name: 'Bea', lastName: 'Ruiz' });
  const request = addRequest({ name: 'Marta Díaz', vendor: bea._id });
  const plan = (title: string, dueDate: string) =>
    addActivity(request._id, { ownerId: bea._id, title, dueDate, type: 'call' });
  plan('Enviar cotización', addDays(today, -2));
  plan('Confirmar fecha', addDays(today, -1));
  plan('Llamar a Marta', today);
  renderApp('/main/home', bea);
  await screen.findByRole('heading', { level: 1, name: DASHBOARD_LABELS.title });
  const panel = await screen.findByRole('region', { name: DASHBOARD_LABELS.today });
  await within(panel).findByRole('list', { name: AGENDA_LABELS.today });
  return { user: setupUser(), panel: within(panel), request };
}

const stored = (requestId: string, title: string) =>
  db.activities.get(requestId)?.find((activity) => activity.title === title);

describe('Inicio\'s "Para hoy": completing (issue 33 item 4)', () => {
  it('when one is completed, then a notice says so and "Deshacer" plans it again', async () => {
    const { user, panel, request } = await openToday();
    await user.click(panel.getByRole('button', { name: 'Completar: Llamar a Marta' }));

    const notice = within(await findNotice('Hecha: Llamar a Marta.'));
    await waitFor(() => expect(panel.queryByText('Llamar a Marta')).toBeNull());
    await user.click(notice.getByRole('button', { name: 'Deshacer' }));

    expect(await panel.findByRole('button', { name: 'Completar: Llamar a Marta' })).toBeVisible();
    expect(stored(request._id, 'Llamar a Marta')).toMatchObject({ done: false });
    await waitFor(() =>
      expect(panel.getByRole('button', { name: 'Completar: Llamar a Marta' })).toHaveFocus(),
    );
  });

  it('when one is completed, then "Planificar la siguiente" opens the request on its plan form', async () => {
    const { user, panel, request } = await openToday();
    await user.click(panel.getByRole('button', { name: 'Completar: Confirmar fecha' }));

    const notice = within(await findNotice('Hecha: Confirmar fecha.'));
    await user.click(notice.getByRole('button', { name: 'Planificar la siguiente' }));

    const dialog = within(await screen.findByRole('dialog', { name: 'Editar solicitud' }));
    expect(screen.getByTestId('location')).toHaveTextContent(`/main/requests/${request._id}`);
    const form = within(await dialog.findByRole('group', { name: 'Planificar actividad' }));
    expect(form.getByLabelText('Título')).toHaveValue('Confirmar fecha');
    expect(form.getByLabelText('Tipo')).toHaveValue('call');
  });

  it('when one is completed, then the focus goes to the next row’s "Completar"', async () => {
    const { user, panel } = await openToday();
    await user.click(panel.getByRole('button', { name: 'Completar: Enviar cotización' }));

    await waitFor(() =>
      expect(panel.getByRole('button', { name: 'Completar: Confirmar fecha' })).toHaveFocus(),
    );
    await waitFor(() => expect(panel.queryByText('Enviar cotización')).toBeNull());
    expect(document.activeElement).not.toBe(document.body);
  });

  it('a double click completes one: its second click on the row that slid under the pointer does nothing', async () => {
    const { user, panel, request } = await openToday();
    const next = panel.getByRole('button', { name: 'Completar: Confirmar fecha' });

    await user.click(panel.getByRole('button', { name: 'Completar: Enviar cotización' }));
    await waitFor(() => expect(panel.queryByText('Enviar cotización')).toBeNull());
    fireEvent.click(next, { detail: 2 });

    await findNotice('Hecha: Enviar cotización.');
    expect(stored(request._id, 'Confirmar fecha')).toMatchObject({ done: false });
    expect(db.calls.filter((call) => call.path.endsWith('/complete'))).toHaveLength(1);
  });
});
