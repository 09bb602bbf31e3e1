import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, systemTimeZone, type Activity, addDays } from '@crm/shared';
import { dayOf, quickDueDays } from '../../../lib/activity-due';
import { findDiscardPrompt } from '../../../test/discard-prompt';
import { addActivity, addRequest, db } from '../../../test/fake-api';
import { findNotice } from '../../../test/notice';
import { fill, openEditorAlone, seedUsers } from './edit-request.test-kit';
import { type User } from '../../../test/user';

const today = dayOf(new Date());

/** An activity already planned on the request (in two days, unless said), as the API stores it. */
const seedActivity = (requestId: string, fields: Partial<Activity> = {}) =>
  addActivity(requestId, { title: 'Llamar para confirmar', dueDate: addDays(today, 2), ...fields });

/** The modal on a request (with these activities), at "Actividades". */
async function openActivities(seed: Partial<Activity>[] = []) {
  const { admin } = seedUsers();
  const request = addRequest({ name: 'Cliente Actividades' });
  const seeded = seed.map((fields) => seedActivity(request._id, fields));
  const opened = { request, ...(await openEditorAlone(request, admin)) };
  const section = within(opened.dialog).getByRole('region', { name: 'Actividades' });
  if (seeded.length > 0) await within(section).findByRole('list');
  else await within(section).findByText('Sin actividades planificadas.');
  return { ...opened, section: within(section), seeded };
}

const rows = (section: ReturnType<typeof within>, list: 'Planificadas' | 'Hechas') =>
  within(section.getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

async function openNewForm(user: User, section: ReturnType<typeof within>) {
  await user.click(section.getByRole('button', { name: 'Planificar actividad' }));
  return section.getByRole('group', { name: 'Planificar actividad' });
}

describe('ActivitiesSection ("Actividades")', () => {
  it('plans a call for today at 15:00 and lists it with "Hoy 15:00"', async () => {
    const { user, request, section } = await openActivities();
    const form = within(await openNewForm(user, section));
    expect(form.getByLabelText('Título')).toHaveFocus();

    await user.type(form.getByLabelText('Título'), 'Llamar a Juan');
    await user.click(form.getByRole('button', { name: 'Hoy' }));
    await user.type(form.getByLabelText('Hora (opcional)'), '15:00');
    await user.click(form.getByRole('button', { name: 'Planificar' }));

    await waitFor(() => expect(rows(section, 'Planificadas')).toHaveLength(1));
    expect(rows(section, 'Planificadas')[0]).toMatch(/Llamada\s*Llamar a Juan.*Hoy 15:00/);
    expect(db.activities.get(request._id)).toEqual([
      expect.objectContaining({ title: 'Llamar a Juan', dueDate: today, dueTime: '15:00' }),
    ]);
    // The form closes; the focus is back on the button that opened it.
    expect(section.queryByRole('group', { name: 'Planificar actividad' })).toBeNull();
    await waitFor(() =>
      expect(section.getByRole('button', { name: 'Planificar actividad' })).toHaveFocus(),
    );
  });

  it('the quick choices set today, tomorrow and next week’s Monday', async () => {
    const { user, section } = await openActivities();
    const form = within(await openNewForm(user, section));
    const date = form.getByLabelText('Fecha');
    const quick = quickDueDays(systemTimeZone());
    for (const [label, day] of [
      ['Hoy', quick.today],
      ['Mañana', quick.tomorrow],
      ['Próxima semana', quick.nextWeek],
    ] as const) {
      await user.click(form.getByRole('button', { name: label }));
      expect(date).toHaveValue(day);
      expect(form.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
    }
    expect(new Date(`${quick.nextWeek}T00:00:00Z`).getUTCDay()).toBe(1);
  });

  it('says what is missing, with the shared messages, and sends nothing', async () => {
    const { user, section } = await openActivities();
    const form = within(await openNewForm(user, section));
    const before = db.calls.length;
    await user.click(form.getByRole('button', { name: 'Planificar' }));

    expect(await form.findByText(FIELD_MESSAGES.activityTitleRequired)).toBeInTheDocument();
    expect(form.getByText(FIELD_MESSAGES.activityDateRequired)).toBeInTheDocument();
    expect(form.getByLabelText('Título')).toHaveFocus();
    expect(form.getByLabelText('Título')).toHaveAccessibleDescription(
      FIELD_MESSAGES.activityTitleRequired,
    );
    expect(db.calls.slice(before).filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('completes in one click, lists it under "Hechas" and offers the next with its title (in its notice, issue 33)', async () => {
    const { user, section, seeded } = await openActivities([
      { title: 'Enviar presupuesto', type: 'email' },
    ]);
    await user.click(section.getByRole('checkbox', { name: 'Hecha: Enviar presupuesto' }));

    await waitFor(() => expect(rows(section, 'Hechas')).toHaveLength(1));
    expect(section.queryByRole('list', { name: 'Planificadas' })).toBeNull();
    expect(section.getByRole('checkbox', { name: 'Hecha: Enviar presupuesto' })).toBeChecked();
    expect(db.activities.get(db.requests[0]!._id)?.[0]).toMatchObject({
      _id: seeded[0]!._id,
      done: true,
    });
    // None planned is left: the focus is on "Planificar actividad".
    await waitFor(() =>
      expect(section.getByRole('button', { name: 'Planificar actividad' })).toHaveFocus(),
    );

    const notice = within(await findNotice('Hecha: Enviar presupuesto.'));
    await user.click(notice.getByRole('button', { name: 'Planificar la siguiente' }));
    const form = within(section.getByRole('group', { name: 'Planificar actividad' }));
    expect(form.getByLabelText('Título')).toHaveValue('Enviar presupuesto');
    expect(form.getByLabelText('Tipo')).toHaveValue('email');
    expect(form.getByLabelText('Título')).toHaveFocus();
  });

  it('completing one puts the focus on the next planned one’s box (issue 33)', async () => {
    const { user, section } = await openActivities([
      { title: 'Primera', dueDate: addDays(today, 1) },
      { title: 'Segunda', dueDate: addDays(today, 2) },
    ]);
    await user.click(section.getByRole('checkbox', { name: 'Hecha: Primera' }));

    await waitFor(() => expect(rows(section, 'Hechas')).toHaveLength(1));
    await waitFor(() =>
      expect(section.getByRole('checkbox', { name: 'Hecha: Segunda' })).toHaveFocus(),
    );
  });

  it('"Deshacer" on a completion’s notice plans it again, its box with the focus (issue 33)', async () => {
    const { user, request, section } = await openActivities([{ title: 'Llamar al cliente' }]);
    await user.click(section.getByRole('checkbox', { name: 'Hecha: Llamar al cliente' }));
    const notice = within(await findNotice('Hecha: Llamar al cliente.'));

    await user.click(notice.getByRole('button', { name: 'Deshacer' }));

    await waitFor(() => expect(rows(section, 'Planificadas')).toHaveLength(1));
    expect(db.activities.get(request._id)?.[0]).toMatchObject({ done: false });
    await waitFor(() =>
      expect(section.getByRole('checkbox', { name: 'Hecha: Llamar al cliente' })).toHaveFocus(),
    );
  });

  it('a double click completes one: its second click, on the box that took the row’s place, does nothing (issue 33)', async () => {
    const { user, request, section } = await openActivities([
      { title: 'Primera', dueDate: addDays(today, 1) },
      { title: 'Segunda', dueDate: addDays(today, 2) },
    ]);
    await user.click(section.getByRole('checkbox', { name: 'Hecha: Primera' }));
    await waitFor(() => expect(rows(section, 'Planificadas')).toHaveLength(1));
    const second = section.getByRole('checkbox', { name: 'Hecha: Segunda' });
    await waitFor(() => expect(second).toBeEnabled());
    fireEvent.click(second, { detail: 2 });

    await findNotice('Hecha: Primera.');
    expect(db.activities.get(request._id)?.find((a) => a.title === 'Segunda')).toMatchObject({
      done: false,
    });
    expect(db.calls.filter((call) => call.path.endsWith('/complete'))).toHaveLength(1);
  });

  it('reopens a done one', async () => {
    const { user, section } = await openActivities([
      { title: 'Reunión inicial', done: true, doneAt: new Date().toISOString() },
    ]);
    await user.click(section.getByRole('checkbox', { name: 'Hecha: Reunión inicial' }));
    await waitFor(() => expect(rows(section, 'Planificadas')).toHaveLength(1));
    await waitFor(() =>
      expect(section.getByRole('checkbox', { name: 'Hecha: Reunión inicial' })).toHaveFocus(),
    );
  });

  it('a change someone else made first (409) shows theirs and keeps the typed text', async () => {
    const { user, request, section, seeded } = await openActivities([{ title: 'Llamar' }]);
    await user.click(section.getByRole('button', { name: 'Editar actividad: Llamar' }));
    const form = within(section.getByRole('group', { name: 'Editar actividad: Llamar' }));
    await fill(user, form.getByLabelText('Título'), 'Llamar a las 10');
    // Meanwhile someone renames it.
    Object.assign(db.activities.get(request._id)![0]!, { title: 'Llamar mañana', version: 1 });

    await user.click(form.getByRole('button', { name: 'Guardar' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Llamar mañana');
    expect(form.getByLabelText('Título')).toHaveValue('Llamar a las 10');

    await user.click(form.getByRole('button', { name: 'Guardar' }));
    await waitFor(() =>
      expect(db.activities.get(request._id)?.[0]).toMatchObject({
        _id: seeded[0]!._id,
        title: 'Llamar a las 10',
        version: 2,
      }),
    );
    expect(await section.findByRole('checkbox', { name: 'Hecha: Llamar a las 10' })).toHaveFocus();
  });

  it('deletes after asking', async () => {
    const { user, request, section } = await openActivities([{ title: 'Tarea vieja' }]);
    await user.click(section.getByRole('button', { name: 'Eliminar actividad: Tarea vieja' }));
    const ask = await screen.findByRole('alertdialog', { name: '¿Eliminar esta actividad?' });
    await user.click(within(ask).getByRole('button', { name: 'Eliminar actividad' }));

    await waitFor(() => expect(section.getByText('Sin actividades planificadas.')).toBeVisible());
    expect(db.activities.get(request._id)).toEqual([]);
    expect(await screen.findByText('Actividad eliminada')).toBeInTheDocument();
  });

  it('closing with an activity typed and not planned asks first', async () => {
    const { user, section } = await openActivities();
    const form = within(await openNewForm(user, section));
    await user.type(form.getByLabelText('Título'), 'Algo');
    await user.keyboard('{Escape}');
    expect(await findDiscardPrompt()).toBeInTheDocument();
  });
});
