import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, api, pathOf } from '@crm/shared';
import { addRequest, addUser, db } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { setupUser } from '../../../test/user';

/** What the page sent since `from`, less the header bell's count, which polls on its own. */
const sentSince = (from: number) =>
  db.calls.slice(from).filter((call) => call.path !== pathOf(api.activities.dueCount));

const HINT = 'Presiona el icono "+" para agregar una nueva nota.';

/** The Edit Request modal on a request with these notes, at its own address. */
async function renderNotes(initial: string[]) {
  const admin = addUser({ role: 'system admin' });
  const request = addRequest({ name: 'Cliente Notas', notes: initial });
  renderApp(`/main/requests/${request._id}`, admin);
  const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
  await within(dialog).findByRole('button', { name: 'Agregar nota' });
  const stored = () => db.requests.find((r) => r._id === request._id)!;
  return { user: setupUser(), dialog, request, stored };
}

const noteItems = () => {
  const list = within(screen.getByRole('dialog', { name: 'Editar solicitud' })).queryByRole(
    'list',
    { name: 'Notas' },
  );
  return list ? within(list).getAllByRole('listitem') : [];
};
/** Each shown note's own text (without who wrote it). */
const shownNotes = () =>
  noteItems().map((item) => item.querySelector('p')?.textContent?.trim() ?? '');

describe('NotesEditor ("Notas")', () => {
  it('shows the hint when there are no notes', async () => {
    const { dialog } = await renderNotes([]);
    expect(within(dialog).getByText('Notas')).toBeInTheDocument();
    expect(within(dialog).getByText(HINT)).toBeInTheDocument();
    expect(noteItems()).toHaveLength(0);
  });

  it('lists the notes in order and hides empty-string notes', async () => {
    const { dialog } = await renderNotes(['Llamar el lunes', '', 'Envió presupuesto', '']);
    expect(shownNotes()).toEqual(['Llamar el lunes', 'Envió presupuesto']);
    expect(within(dialog).queryByText(HINT)).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('button', { name: 'Editar nota' })).toHaveLength(2);
  });

  it('shows the hint when every note is an empty string', async () => {
    const { dialog } = await renderNotes(['', '']);
    expect(within(dialog).getByText(HINT)).toBeInTheDocument();
    expect(noteItems()).toHaveLength(0);
  });

  it('"+" toggles an input "Add a new note" with an "Add" button', async () => {
    const { user, dialog } = await renderNotes([]);
    const before = db.calls.length;
    expect(within(dialog).queryByPlaceholderText('Add a new note')).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Agregar nota' }));
    expect(within(dialog).getByPlaceholderText('Add a new note')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar nueva nota' }));
    expect(within(dialog).queryByPlaceholderText('Add a new note')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(sentSince(before)).toEqual([]);
  });

  it('adds a new note at the top of the list', async () => {
    const { user, dialog, stored } = await renderNotes(['Primera nota', 'Segunda nota']);
    await user.click(within(dialog).getByRole('button', { name: 'Agregar nota' }));
    await user.type(within(dialog).getByPlaceholderText('Add a new note'), 'Nota nueva');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() =>
      expect(shownNotes()).toEqual(['Nota nueva', 'Primera nota', 'Segunda nota']),
    );
    expect(stored().notes).toEqual(['Nota nueva', 'Primera nota', 'Segunda nota']);
    expect(within(dialog).queryByText(HINT)).not.toBeInTheDocument();
  });

  it('adds the first note when there were none, replacing the hint', async () => {
    const { user, dialog, stored } = await renderNotes([]);
    await user.click(within(dialog).getByRole('button', { name: 'Agregar nota' }));
    await user.type(within(dialog).getByPlaceholderText('Add a new note'), 'Única nota{Enter}');

    await waitFor(() => expect(shownNotes()).toEqual(['Única nota']));
    expect(stored().notes).toEqual(['Única nota']);
    expect(within(dialog).queryByText(HINT)).not.toBeInTheDocument();
  });

  it('the edit icon opens a textarea with "Save" that changes that note only', async () => {
    const { user, dialog, stored } = await renderNotes(['Nota A', 'Nota B', 'Nota C']);
    const second = noteItems()[1]!;
    await user.click(within(second).getByRole('button', { name: 'Editar nota' }));

    const textarea = within(second).getByRole('textbox');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toHaveValue('Nota B');
    await user.clear(textarea);
    await user.type(textarea, 'Nota B corregida');
    await user.click(within(second).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(shownNotes()).toEqual(['Nota A', 'Nota B corregida', 'Nota C']));
    expect(stored().notes).toEqual(['Nota A', 'Nota B corregida', 'Nota C']);
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('edits the right note when empty-string notes sit before it (they are kept)', async () => {
    const { user, dialog, stored } = await renderNotes(['', 'Visible', '']);
    await user.click(within(dialog).getByRole('button', { name: 'Editar nota' }));
    const textarea = within(dialog).getByRole('textbox', { name: 'Editar nota' });
    await user.clear(textarea);
    await user.type(textarea, 'Editada');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(stored().notes).toEqual(['', 'Editada', '']));
    expect(shownNotes()).toEqual(['Editada']);
  });

  it('keeps editing the same note when a new one is added on top meanwhile', async () => {
    const { user, dialog, stored } = await renderNotes(['Nota A', 'Nota B']);
    const second = noteItems()[1]!;
    await user.click(within(second).getByRole('button', { name: 'Editar nota' }));
    await user.clear(within(second).getByRole('textbox'));
    await user.type(within(second).getByRole('textbox'), 'Nota B editada');

    await user.click(within(dialog).getByRole('button', { name: 'Agregar nota' }));
    await user.type(within(dialog).getByPlaceholderText('Add a new note'), 'Nota nueva');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(stored().notes).toEqual(['Nota nueva', 'Nota A', 'Nota B']));
    // The note being edited is still open, with the text typed in it.
    expect(within(dialog).getByRole('textbox', { name: 'Editar nota' })).toHaveValue(
      'Nota B editada',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(stored().notes).toEqual(['Nota nueva', 'Nota A', 'Nota B editada']));
    expect(shownNotes()).toEqual(['Nota nueva', 'Nota A', 'Nota B editada']);
  });

  it('an empty new note is not sent', async () => {
    const { user, dialog } = await renderNotes([]);
    const before = db.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Agregar nota' }));
    await user.type(within(dialog).getByPlaceholderText('Add a new note'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(sentSince(before)).toEqual([]);
  });

  it('a new note of blanks says why it is not added (the rule the API checks it with)', async () => {
    const { user, dialog } = await renderNotes([]);
    await user.click(within(dialog).getByRole('button', { name: 'Agregar nota' }));
    const input = within(dialog).getByPlaceholderText('Add a new note');
    await user.type(input, '  {Enter}');

    expect(input).toHaveAccessibleDescription(FIELD_MESSAGES.noteEmpty);
    await user.type(input, 'Ya tiene texto');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('when adding fails, the typed note stays with a message', async () => {
    const { user, dialog, request } = await renderNotes([]);
    db.failures.set(`POST /api/form-contact/${request._id}/notes`, 500);
    await user.click(within(dialog).getByRole('button', { name: 'Agregar nota' }));
    await user.type(within(dialog).getByPlaceholderText('Add a new note'), 'No se pierde');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    expect(
      await within(dialog).findByText('No se pudo guardar la nota. Inténtalo de nuevo.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByPlaceholderText('Add a new note')).toHaveValue('No se pierde');
  });
});

describe('Notas in the Edit Request modal', () => {
  async function openModal(notes: string[]) {
    const admin = addUser({ role: 'system admin' });
    const request = addRequest({ name: 'Cliente Notas', notes });
    renderApp('/main/requests', admin);
    const user = setupUser();
    const card = await screen.findByRole('article', {
      name: `Solicitud ${request.requestNumber}: Cliente Notas`,
    });
    await user.click(within(card).getByRole('button', { name: 'Editar solicitud' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
    // The modal reads the request (GET /api/form-contact/:id) before it shows the form.
    await within(dialog).findByRole('button', { name: 'Agregar nota' });
    return { user, dialog, request };
  }

  it('a note added or edited is saved at once by its own call; "Guardar cambios" then sends the notes as stored', async () => {
    const { user, dialog, request } = await openModal(['Nota antigua']);
    const before = db.calls.length;

    await user.click(within(dialog).getByRole('button', { name: 'Agregar nota' }));
    await user.type(within(dialog).getByPlaceholderText('Add a new note'), 'Nota nueva');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(db.requests[0]!.notes).toEqual(['Nota nueva', 'Nota antigua']));
    const old = within(within(dialog).getByRole('list', { name: 'Notas' })).getAllByRole(
      'listitem',
    )[1]!;
    await user.click(within(old).getByRole('button', { name: 'Editar nota' }));
    await user.type(within(old).getByRole('textbox'), ' (revisada)');
    await user.click(within(old).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(db.requests[0]!.notes).toEqual(['Nota nueva', 'Nota antigua (revisada)']),
    );

    const writes = db.calls.slice(before).filter((call) => call.method !== 'GET');
    expect(writes).toEqual([
      {
        method: 'POST',
        path: `/api/form-contact/${request._id}/notes`,
        body: { text: 'Nota nueva' },
      },
      {
        method: 'PUT',
        path: `/api/form-contact/${request._id}/notes/1`,
        body: { from: 'Nota antigua', to: 'Nota antigua (revisada)' },
      },
    ]);

    await user.type(within(dialog).getByLabelText('Compañía'), 'ACME');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(db.requests[0]!.company).toBe('ACME'));
    const update = db.calls
      .slice(before)
      .find((call) => call.path.startsWith('/api/form-contact/update/'));
    expect(update?.body).toMatchObject({
      notes: ['Nota nueva', 'Nota antigua (revisada)'],
      version: 2,
    });
    expect(db.requests[0]!.notes).toEqual(['Nota nueva', 'Nota antigua (revisada)']);
  });

  it('keeps stored empty-string notes hidden', async () => {
    const { dialog } = await openModal(['', 'Solo esta', '']);
    expect(
      within(within(dialog).getByRole('list', { name: 'Notas' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Solo esta']);
  });
});
