import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AGENDA_LABELS, addDays } from '@crm/shared';
import { dayOf } from '../../lib/activity-due';
import { addActivity, addRequest, addUser, db, type StoredUser } from '../../test/fake-api';
import { findNotice } from '../../test/notice';
import { renderApp } from '../../test/render';
// The screen is a lazy chunk: loaded with this file, not inside a first test's 5 s `findBy`
// (docs/testing.md).
import './agenda-page';
import { setupUser } from '../../test/user';

const today = dayOf(new Date());

const section = (name: string) => screen.getByRole('region', { name });
/** The titles listed in a range, in order. */
const titlesIn = (name: string) =>
  within(section(name))
    .queryAllByRole('listitem')
    .map((row) => row.querySelector('.break-words')?.textContent);

function seedAgenda() {
  const bea = addUser({ role: 'vendor', name: 'Bea', lastName: 'Ruiz' });
  const other = addUser({ role: 'vendor' });
  const request = addRequest({ name: 'Marta Díaz', company: 'Eventos Andinos' });
  const plan = (title: string, dueDate: string, fields = {}) =>
    addActivity(request._id, { ownerId: bea._id, title, dueDate, ...fields });
  plan('Enviar cotización', addDays(today, -2), { type: 'email' });
  plan('Llamar a Marta', today, { type: 'call' });
  plan('Reunión de cierre', addDays(today, 3), { type: 'meeting' });
  plan('Más adelante', addDays(today, 20));
  plan('Ya hecha', today, { done: true });
  addActivity(request._id, { ownerId: other._id, title: 'De otra persona', dueDate: today });
  return { bea, request };
}

async function openAgenda(as: StoredUser) {
  renderApp('/main/agenda', as);
  await screen.findByRole('heading', { level: 1, name: 'Agenda' });
  return setupUser();
}

describe('/main/agenda (issue 20)', () => {
  it("lists the person's overdue, today's and next 7 days' open activities, each in its range", async () => {
    const { bea } = seedAgenda();
    await openAgenda(bea);

    await waitFor(() => expect(titlesIn('Vencidas')).toEqual(['Enviar cotización']));
    expect(titlesIn('Hoy')).toEqual(['Llamar a Marta']);
    expect(titlesIn('Próximos 7 días')).toEqual(['Reunión de cierre']);
    const overdue = within(section('Vencidas')).getByRole('listitem');
    expect(overdue).toHaveTextContent('Correo');
    expect(overdue).toHaveTextContent('(vencida)');
    expect(overdue).toHaveTextContent('Marta Díaz · Eventos Andinos');
    expect(within(overdue).getByText(/\(vencida\)/).parentElement).toHaveClass('text-red-700');
    expect(within(section('Hoy')).getByRole('listitem')).toHaveTextContent('Hoy');
    expect(within(section('Hoy')).getByRole('listitem')).not.toHaveTextContent('vencida');
  });

  it('says so when nothing is planned', async () => {
    const carlos = addUser({ role: 'driver' });
    await openAgenda(carlos);
    expect(await screen.findByText(AGENDA_LABELS.empty)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Vencidas' })).toBeNull();
  });

  it('says so in a range with nothing in it', async () => {
    const carlos = addUser({ role: 'driver' });
    const request = addRequest();
    addActivity(request._id, { ownerId: carlos._id, title: 'Única', dueDate: today });
    await openAgenda(carlos);
    await waitFor(() => expect(titlesIn('Hoy')).toEqual(['Única']));
    expect(within(section('Vencidas')).getByText(AGENDA_LABELS.emptyBucket)).toBeInTheDocument();
    expect(
      within(section('Próximos 7 días')).getByText(AGENDA_LABELS.emptyBucket),
    ).toBeInTheDocument();
  });

  it('loads a long range page by page ("Cargar más")', async () => {
    const bea = addUser({ role: 'vendor' });
    const request = addRequest();
    for (let index = 0; index < 52; index++) {
      addActivity(request._id, {
        ownerId: bea._id,
        title: `Pendiente ${String(index).padStart(2, '0')}`,
        dueDate: addDays(today, -10),
      });
    }
    const user = await openAgenda(bea);
    await waitFor(() => expect(titlesIn('Vencidas')).toHaveLength(50));

    await user.click(within(section('Vencidas')).getByRole('button', { name: 'Cargar más' }));

    await waitFor(() => expect(titlesIn('Vencidas')).toHaveLength(52));
    expect(within(section('Vencidas')).queryByRole('button', { name: 'Cargar más' })).toBeNull();
    expect(new Set(titlesIn('Vencidas')).size).toBe(52);
  });

  it('completes from the list: the row leaves, the bell follows', async () => {
    const { bea, request } = seedAgenda();
    const user = await openAgenda(bea);
    await screen.findByRole('link', { name: AGENDA_LABELS.bell(2) });

    await user.click(
      await within(section('Hoy')).findByRole('button', { name: 'Completar: Llamar a Marta' }),
    );

    await waitFor(() => expect(titlesIn('Hoy')).toEqual([]));
    expect(within(section('Hoy')).getByText(AGENDA_LABELS.emptyBucket)).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: AGENDA_LABELS.bell(1) })).toBeInTheDocument();
    const stored = db.activities.get(request._id)?.find((a) => a.title === 'Llamar a Marta');
    expect(stored).toMatchObject({ done: true, doneBy: bea._id });
    expect(titlesIn('Vencidas')).toEqual(['Enviar cotización']);
  });

  it('opens the request’s Edit Request modal from a row; closing it comes back to the agenda', async () => {
    const { bea, request } = seedAgenda();
    const user = await openAgenda(bea);

    await user.click(
      await within(section('Hoy')).findByRole('link', { name: 'Abrir solicitud: Marta Díaz' }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
    expect(screen.getByTestId('location')).toHaveTextContent(`/main/requests/${request._id}`);
    await within(dialog).findByDisplayValue(request.name);
    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/main/agenda'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Agenda' })).toBeInTheDocument();
  });
});

describe('/main/agenda: completing (issue 33 item 4)', () => {
  const completeButton = (range: string, title: string) =>
    within(section(range)).findByRole('button', { name: `Completar: ${title}` });
  const stored = (requestId: string, title: string) =>
    db.activities.get(requestId)?.find((activity) => activity.title === title);

  it('when one is completed, then a notice says so and its "Deshacer" brings the row back, with the focus on it', async () => {
    const { bea, request } = seedAgenda();
    const user = await openAgenda(bea);
    await user.click(await completeButton('Hoy', 'Llamar a Marta'));

    const notices = within(await findNotice('Hecha: Llamar a Marta.'));
    await waitFor(() => expect(titlesIn('Hoy')).toEqual([]));
    expect(stored(request._id, 'Llamar a Marta')).toMatchObject({ done: true });

    await user.click(notices.getByRole('button', { name: 'Deshacer' }));

    await waitFor(() => expect(titlesIn('Hoy')).toEqual(['Llamar a Marta']));
    expect(stored(request._id, 'Llamar a Marta')).toMatchObject({ done: false });
    await waitFor(() =>
      expect(
        within(section('Hoy')).getByRole('button', { name: 'Completar: Llamar a Marta' }),
      ).toHaveFocus(),
    );
  });

  it('when one is completed, then the notice offers to plan the next: the request opens on its plan form, with its type and title', async () => {
    const { bea, request } = seedAgenda();
    const user = await openAgenda(bea);
    await user.click(await completeButton('Vencidas', 'Enviar cotización'));

    await user.click(
      within(await findNotice('Hecha: Enviar cotización.')).getByRole('button', {
        name: 'Planificar la siguiente',
      }),
    );

    const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
    expect(screen.getByTestId('location')).toHaveTextContent(`/main/requests/${request._id}`);
    const form = within(await within(dialog).findByRole('group', { name: 'Planificar actividad' }));
    expect(form.getByLabelText('Título')).toHaveValue('Enviar cotización');
    expect(form.getByLabelText('Tipo')).toHaveValue('email');
  });

  it('when one is completed, then the focus goes to the next row’s "Completar", and to the content when none is left', async () => {
    const { bea } = seedAgenda();
    const user = await openAgenda(bea);
    await user.click(await completeButton('Vencidas', 'Enviar cotización'));

    // The next row is the first of the next range.
    await waitFor(() =>
      expect(
        within(section('Hoy')).getByRole('button', { name: 'Completar: Llamar a Marta' }),
      ).toHaveFocus(),
    );
    await waitFor(() => expect(titlesIn('Vencidas')).toEqual([]));

    await user.click(await completeButton('Hoy', 'Llamar a Marta'));
    await waitFor(() =>
      expect(
        within(section('Próximos 7 días')).getByRole('button', {
          name: 'Completar: Reunión de cierre',
        }),
      ).toHaveFocus(),
    );
    await user.click(await completeButton('Próximos 7 días', 'Reunión de cierre'));
    await waitFor(() => expect(screen.getByRole('main')).toHaveFocus());
    expect(document.activeElement).not.toBe(document.body);
  });

  it('a double click completes one: the second click, landing on the next row’s button, does nothing', async () => {
    const { bea, request } = seedAgenda();
    const user = await openAgenda(bea);
    const first = await completeButton('Vencidas', 'Enviar cotización');
    const next = await completeButton('Hoy', 'Llamar a Marta');

    await user.click(first);
    await waitFor(() => expect(titlesIn('Vencidas')).toEqual([]));
    // The double click's second click (detail 2) on what is now under the pointer.
    fireEvent.mouseDown(next, { detail: 2 });
    fireEvent.mouseUp(next, { detail: 2 });
    fireEvent.click(next, { detail: 2 });
    fireEvent.dblClick(next, { detail: 2 });

    await findNotice('Hecha: Enviar cotización.');
    expect(stored(request._id, 'Enviar cotización')).toMatchObject({ done: true });
    expect(stored(request._id, 'Llamar a Marta')).toMatchObject({ done: false });
    expect(titlesIn('Hoy')).toEqual(['Llamar a Marta']);
    const completions = db.calls.filter((call) => call.path.endsWith('/complete'));
    expect(completions).toHaveLength(1);
  });
});
