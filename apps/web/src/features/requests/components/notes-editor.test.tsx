import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addRequest, addUser, db } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { NotesEditor } from './notes-editor';

const HINT = 'Presiona el icono "+" para agregar una nueva nota.';

/** Holds the notes like the Edit Request form does, and reports every change. */
function renderNotes(initial: string[]) {
  const onChange = vi.fn<(notes: string[]) => void>();
  function Harness() {
    const [notes, setNotes] = useState(initial);
    return (
      <NotesEditor
        notes={notes}
        onChange={(next) => {
          onChange(next);
          setNotes(next);
        }}
      />
    );
  }
  render(<Harness />);
  return { user: userEvent.setup(), onChange };
}

const shownNotes = () =>
  screen.queryAllByRole('listitem').map((item) => item.textContent?.trim() ?? '');

describe('NotesEditor ("Notas")', () => {
  it('shows the hint when there are no notes', () => {
    renderNotes([]);
    expect(screen.getByText('Notas')).toBeInTheDocument();
    expect(screen.getByText(HINT)).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('lists the notes in order and hides empty-string notes', () => {
    renderNotes(['Llamar el lunes', '', 'Envió presupuesto', '']);
    expect(shownNotes()).toEqual(['Llamar el lunes', 'Envió presupuesto']);
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Editar nota' })).toHaveLength(2);
  });

  it('shows the hint when every note is an empty string', () => {
    renderNotes(['', '']);
    expect(screen.getByText(HINT)).toBeInTheDocument();
    expect(screen.queryAllByRole('listitem')).toHaveLength(0);
  });

  it('"+" toggles an input "Add a new note" with an "Add" button', async () => {
    const { user, onChange } = renderNotes([]);
    expect(screen.queryByPlaceholderText('Add a new note')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Agregar nota' }));
    expect(screen.getByPlaceholderText('Add a new note')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cerrar nueva nota' }));
    expect(screen.queryByPlaceholderText('Add a new note')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add' })).not.toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('adds a new note at the top of the list', async () => {
    const { user, onChange } = renderNotes(['Primera nota', 'Segunda nota']);
    await user.click(screen.getByRole('button', { name: 'Agregar nota' }));
    await user.type(screen.getByPlaceholderText('Add a new note'), 'Nota nueva');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(shownNotes()).toEqual(['Nota nueva', 'Primera nota', 'Segunda nota']);
    expect(onChange).toHaveBeenLastCalledWith(['Nota nueva', 'Primera nota', 'Segunda nota']);
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
  });

  it('adds the first note when there were none, replacing the hint', async () => {
    const { user, onChange } = renderNotes([]);
    await user.click(screen.getByRole('button', { name: 'Agregar nota' }));
    await user.type(screen.getByPlaceholderText('Add a new note'), 'Única nota');
    await user.click(screen.getByRole('button', { name: 'Add' }));

    expect(shownNotes()).toEqual(['Única nota']);
    expect(onChange).toHaveBeenLastCalledWith(['Única nota']);
    expect(screen.queryByText(HINT)).not.toBeInTheDocument();
  });

  it('the edit icon opens a textarea with "Save" that changes that note only', async () => {
    const { user, onChange } = renderNotes(['Nota A', 'Nota B', 'Nota C']);
    const second = screen.getAllByRole('listitem')[1]!;
    await user.click(within(second).getByRole('button', { name: 'Editar nota' }));

    const textarea = within(second).getByRole('textbox');
    expect(textarea.tagName).toBe('TEXTAREA');
    expect(textarea).toHaveValue('Nota B');
    await user.clear(textarea);
    await user.type(textarea, 'Nota B corregida');
    await user.click(within(second).getByRole('button', { name: 'Save' }));

    expect(shownNotes()).toEqual(['Nota A', 'Nota B corregida', 'Nota C']);
    expect(onChange).toHaveBeenLastCalledWith(['Nota A', 'Nota B corregida', 'Nota C']);
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('edits the right note when empty-string notes sit before it (they are kept)', async () => {
    const { user, onChange } = renderNotes(['', 'Visible', '']);
    await user.click(screen.getByRole('button', { name: 'Editar nota' }));
    const textarea = screen.getByRole('textbox');
    await user.clear(textarea);
    await user.type(textarea, 'Editada');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onChange).toHaveBeenLastCalledWith(['', 'Editada', '']);
    expect(shownNotes()).toEqual(['Editada']);
  });

  it('keeps editing the same note when a new one is added on top meanwhile', async () => {
    const { user, onChange } = renderNotes(['Nota A', 'Nota B']);
    const second = screen.getAllByRole('listitem')[1]!;
    await user.click(within(second).getByRole('button', { name: 'Editar nota' }));
    await user.clear(within(second).getByRole('textbox'));
    await user.type(within(second).getByRole('textbox'), 'Nota B editada');

    await user.click(screen.getByRole('button', { name: 'Agregar nota' }));
    await user.type(screen.getByPlaceholderText('Add a new note'), 'Nota nueva');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(onChange).toHaveBeenLastCalledWith(['Nota nueva', 'Nota A', 'Nota B editada']);
    expect(shownNotes()).toEqual(['Nota nueva', 'Nota A', 'Nota B editada']);
  });
});

describe('Notas in the Edit Request modal', () => {
  async function openModal(notes: string[]) {
    const admin = addUser({ role: 'system admin' });
    const request = addRequest({ name: 'Cliente Notas', notes });
    renderApp('/main/requests', admin);
    const user = userEvent.setup();
    const card = await screen.findByRole('article', {
      name: `Solicitud ${request.requestNumber}: Cliente Notas`,
    });
    await user.click(within(card).getByRole('button', { name: 'Editar solicitud' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
    // The modal reads the request (GET /api/form-contact/:id) before it shows the form.
    await within(dialog).findByRole('button', { name: 'Agregar nota' });
    return { user, dialog, request };
  }

  it('sends nothing when a note is added or edited; the notes go with "Guardar cambios"', async () => {
    const { user, dialog, request } = await openModal(['Nota antigua']);
    const before = db.calls.length;

    await user.click(within(dialog).getByRole('button', { name: 'Agregar nota' }));
    await user.type(within(dialog).getByPlaceholderText('Add a new note'), 'Nota nueva');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const old = within(dialog).getAllByRole('listitem')[1]!;
    await user.click(within(old).getByRole('button', { name: 'Editar nota' }));
    await user.type(within(old).getByRole('textbox'), ' (revisada)');
    await user.click(within(old).getByRole('button', { name: 'Save' }));

    // Give any call the note actions might have started time to reach the fake API.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(db.calls.slice(before)).toEqual([]);
    expect(db.requests[0]!.notes).toEqual(['Nota antigua']);

    await user.click(within(dialog).getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() =>
      expect(db.requests[0]!.notes).toEqual(['Nota nueva', 'Nota antigua (revisada)']),
    );
    const puts = db.calls.slice(before).filter((call) => call.method === 'PUT');
    expect(puts).toEqual([
      {
        method: 'PUT',
        path: `/api/form-contact/update/${request._id}`,
        body: expect.objectContaining({ notes: ['Nota nueva', 'Nota antigua (revisada)'] }),
      },
    ]);
  });

  it('keeps stored empty-string notes hidden', async () => {
    const { dialog } = await openModal(['', 'Solo esta', '']);
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Solo esta']);
  });
});
