import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addActivity, addRequest, record } from '../../../test/fake-api';
import { matchPhoneWidth } from '../../../test/media';
import { openEditorAlone, seedUsers } from './edit-request.test-kit';

const FORTY_NOTES = Array.from({ length: 40 }, (_, at) => `Nota número ${at + 1}`);
const LONG_MESSAGE = `Boda en marzo. ${'Necesitamos salón, banquete y música. '.repeat(130)}`;

/** A request with a long message, 40 notes, two activities and three changes, opened alone. */
async function openBusyRequest() {
  const { admin } = seedUsers();
  const request = addRequest({
    name: 'Cliente Ocupado',
    message: LONG_MESSAGE,
    notes: FORTY_NOTES,
  });
  addActivity(request._id, { title: 'Llamar' });
  addActivity(request._id, { title: 'Enviar cotización' });
  for (const [from, to] of [
    ['A', 'B'],
    ['B', 'C'],
    ['C', 'D'],
  ] as const) {
    record(request._id, admin._id, 'company', from, to);
  }
  return openEditorAlone(request, admin);
}

/** A side section's fold button, by its heading's start ("Notas" finds "Notas (40)"). */
const toggle = (dialog: HTMLElement, title: string) =>
  within(dialog).getByRole('button', { name: new RegExp(`^${title}`) });

describe('Edit Request modal: a window that fits the screen (issue 25)', () => {
  it('when opened, then the focus is on its heading, not on a field', async () => {
    const { dialog } = await openBusyRequest();
    await waitFor(() =>
      expect(within(dialog).getByRole('heading', { name: 'Editar solicitud' })).toHaveFocus(),
    );
  });

  it('from 1024 px, the message, notes and activities start open with their counts, the history folded', async () => {
    const { dialog } = await openBusyRequest();

    expect(toggle(dialog, 'Mensaje')).toHaveAttribute('aria-expanded', 'true');
    expect(toggle(dialog, 'Notas')).toHaveAccessibleName('Notas (40)');
    expect(toggle(dialog, 'Notas')).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() =>
      expect(toggle(dialog, 'Actividades')).toHaveAccessibleName('Actividades (2)'),
    );
    expect(toggle(dialog, 'Actividades')).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(toggle(dialog, 'Historial')).toHaveAccessibleName('Historial (3)'));
    expect(toggle(dialog, 'Historial')).toHaveAttribute('aria-expanded', 'false');

    expect(
      within(within(dialog).getByRole('list', { name: 'Notas' })).getAllByRole('listitem'),
    ).toHaveLength(40);
    expect(within(dialog).queryByRole('list', { name: 'Historial' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Guardar cambios' })).toBeInTheDocument();
  });

  it('when a section’s heading is pressed, then it folds or unfolds', async () => {
    const { dialog, user } = await openBusyRequest();

    await user.click(toggle(dialog, 'Historial'));
    expect(toggle(dialog, 'Historial')).toHaveAttribute('aria-expanded', 'true');
    expect(await within(dialog).findByRole('list', { name: 'Historial' })).toBeInTheDocument();

    await user.click(toggle(dialog, 'Notas'));
    expect(toggle(dialog, 'Notas')).toHaveAttribute('aria-expanded', 'false');
    expect(within(dialog).queryByRole('list', { name: 'Notas' })).not.toBeInTheDocument();
  });

  it('on a phone, the activities start open (issue 33), the other sections folded, saying how many they hold; the message shows its start', async () => {
    matchPhoneWidth();
    const { dialog } = await openBusyRequest();

    for (const title of ['Mensaje', 'Notas', 'Historial']) {
      expect(toggle(dialog, title)).toHaveAttribute('aria-expanded', 'false');
    }
    expect(toggle(dialog, 'Actividades')).toHaveAttribute('aria-expanded', 'true');
    expect(toggle(dialog, 'Notas')).toHaveAccessibleName('Notas (40)');
    await waitFor(() =>
      expect(toggle(dialog, 'Actividades')).toHaveAccessibleName('Actividades (2)'),
    );
    await waitFor(() => expect(toggle(dialog, 'Historial')).toHaveAccessibleName('Historial (3)'));
    expect(within(dialog).queryByRole('list', { name: 'Notas' })).not.toBeInTheDocument();
    expect(
      within(dialog).getByText(/^Boda en marzo\./, { selector: '.line-clamp-2' }),
    ).toBeVisible();
  });

  it('on a phone, "Agregar nota" unfolds the notes and the new note’s field takes the focus; folding keeps what was typed', async () => {
    matchPhoneWidth();
    const { dialog, user } = await openBusyRequest();

    await user.click(within(dialog).getByRole('button', { name: 'Agregar nota' }));
    expect(toggle(dialog, 'Notas')).toHaveAttribute('aria-expanded', 'true');
    const field = within(dialog).getByLabelText('Nueva nota');
    expect(field).toHaveFocus();
    await user.type(field, 'Llamar el lunes');

    await user.click(toggle(dialog, 'Notas'));
    await user.click(toggle(dialog, 'Notas'));
    expect(within(dialog).getByLabelText('Nueva nota')).toHaveValue('Llamar el lunes');
  });

  it('keeps §2’s fields in their order, then the message and the notes, then the buttons', async () => {
    const { dialog } = await openBusyRequest();
    const order = [
      within(dialog).getByLabelText('Etapa de la solicitud'),
      within(dialog).getByRole('combobox', { name: 'Ejecutivo' }),
      within(dialog).getByRole('group', { name: 'Información general' }),
      within(dialog).getByRole('group', { name: 'Detalles' }),
      within(dialog).getByRole('group', { name: 'Información de contacto' }),
      toggle(dialog, 'Mensaje'),
      toggle(dialog, 'Notas'),
      within(dialog).getByRole('button', { name: 'Cancelar' }),
      within(dialog).getByRole('button', { name: 'Guardar cambios' }),
    ];
    for (const [at, element] of order.entries()) {
      const next = order[at + 1];
      if (!next) break;
      expect(element.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });
});
