import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_MESSAGES, type Request } from '@crm/shared';
import { answerDiscardPrompt, findDiscardPrompt } from '../../../test/discard-prompt';
import { addRequest, addUser, db, type StoredUser } from '../../../test/fake-api';
import { answerOutcome } from '../../../test/outcome';
import { renderApp } from '../../../test/render';
import { fill, findEditor, saveAndWait, saveButton, stored } from './edit-request.test-kit';
import { setupUser, type User } from '../../../test/user';

/**
 * Issue 12 in the Edit Request modal: a stage change is a move of its own, notes are saved at
 * once, a conflict keeps the draft, closing with unsaved changes asks first, and the history
 * shows who did what.
 */

afterEach(() => {
  vi.unstubAllEnvs();
});

function seedUsers() {
  const admin = addUser({ role: 'system admin', name: 'Ana', lastName: 'Castro' });
  const luis = addUser({ role: 'vendor', name: 'Luis', lastName: 'Pérez' });
  return { admin, luis };
}

const callsSince = (from: number) =>
  db.calls.slice(from).map(({ method, path, body }) => ({ method, path, body }));
const writesSince = (from: number) => callsSince(from).filter((call) => call.method !== 'GET');
/** A call that changes `request` at /api/form-contact/:id/`rest`, as `writesSince` lists it. */
const writeOf = (request: Request, method: string, rest: string, body: unknown) => ({
  method,
  path: `/api/form-contact/${request._id}/${rest}`,
  body,
});

/** Opens the request's own address (as the board's pencil does) and waits for the form. */
async function openEditor(request: Request, as: StoredUser, search = '') {
  renderApp(`/main/requests/${request._id}${search}`, as);
  const dialog = await findEditor();
  return { user: setupUser(), dialog };
}

/** Most tests' start: a request with `fields`, open in the modal as the admin. */
async function openOn(fields: Partial<Request> = {}) {
  const { admin } = seedUsers();
  const request = addRequest(fields);
  return { request, ...(await openEditor(request, admin)) };
}

const notesOf = (dialog: HTMLElement) =>
  within(within(dialog).getByRole('list', { name: 'Notas' }));

async function openCard(user: User, request: Request) {
  const card = await screen.findByRole('article', { name: new RegExp(`: ${request.name}$`) });
  await user.click(within(card).getByRole('button', { name: 'Editar solicitud' }));
  return findEditor();
}

describe('Edit Request modal: the stage select moves the request', () => {
  it('when the stage changes, then the move is sent at once with from/to, and no update', async () => {
    const { request, user, dialog } = await openOn({ name: 'Para mover', status: 'contacted' });
    const before = db.calls.length;

    await user.selectOptions(
      within(dialog).getByLabelText('Etapa de la solicitud'),
      'Cotización enviada',
    );

    await waitFor(() => expect(stored(request).status).toBe('quote sent'));
    expect(writesSince(before)).toEqual([
      writeOf(request, 'PATCH', 'status', { from: 'contacted', to: 'quote sent' }),
    ]);
    expect(within(dialog).getByLabelText('Etapa de la solicitud')).toHaveValue('quote sent');
    // The move is saved: closing asks nothing.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('when fields are saved after a move, then the update carries the status and statusVersion the move left', async () => {
    const { request, user, dialog } = await openOn({ status: 'new request', company: '' });

    await user.type(within(dialog).getByLabelText('Compañía'), 'ACME');
    await user.selectOptions(within(dialog).getByLabelText('Etapa de la solicitud'), 'Contactado');
    await waitFor(() => expect(stored(request).statusVersion).toBe(1));
    // The typed company survived the move.
    expect(within(dialog).getByLabelText('Compañía')).toHaveValue('ACME');
    const before = db.calls.length;
    await user.click(saveButton(dialog));
    expect(await within(dialog).findByText('Cambios guardados')).toBeInTheDocument();

    const [update] = writesSince(before);
    expect(update).toMatchObject({
      method: 'PUT',
      path: `/api/form-contact/update/${request._id}`,
      body: { status: 'contacted', statusVersion: 1, company: 'ACME' },
    });
    expect(stored(request)).toMatchObject({ status: 'contacted', company: 'ACME' });
  });

  it('keeps the §5 checklist on the chosen stage', async () => {
    const { user, dialog } = await openOn({ status: 'new request' });
    expect(within(dialog).getByText('Requisitos de la etapa completos')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Etapa de la solicitud'), 'Cerrado');
    await answerOutcome(user, 'won');

    expect(
      await within(dialog).findByText(/^Faltan: método de pago, cantidad de eventos, .* más\.$/),
    ).toBeInTheDocument();
  });
});

describe('Edit Request modal: notes are saved at once', () => {
  it('when a note is added, then it is stored by its own call, shows on top with its author, and survives closing', async () => {
    vi.stubEnv('TZ', 'UTC');
    const { admin } = seedUsers();
    const request = addRequest({ name: 'Con notas', notes: ['Nota antigua'] });
    renderApp('/main/requests', admin);
    const user = setupUser();
    let dialog = await openCard(user, request);
    const before = db.calls.length;

    await user.click(within(dialog).getByRole('button', { name: 'Agregar nota' }));
    await user.type(within(dialog).getByPlaceholderText('Add a new note'), 'Nota nueva');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(stored(request).notes).toEqual(['Nota nueva', 'Nota antigua']));
    expect(writesSince(before)).toEqual([
      writeOf(request, 'POST', 'notes', { text: 'Nota nueva' }),
    ]);
    const first = notesOf(dialog).getAllByRole('listitem')[0]!;
    expect(first).toHaveTextContent('Nota nueva');
    expect(await within(first).findByText(/^Ana C\. · \d\d\/\d\d\/\d\d \d\d:\d\d$/)).toBeVisible();
    expect(within(dialog).queryByPlaceholderText('Add a new note')).not.toBeInTheDocument();

    // Nothing is left unsaved: the modal closes without asking, and the note is there again.
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    dialog = await openCard(user, request);
    expect(within(dialog).getByText('Nota nueva')).toBeInTheDocument();
  });

  it('when a note is edited, then "Save" stores it by its own call with the text it had', async () => {
    const { request, user, dialog } = await openOn({ notes: ['Nota A', 'Nota B'] });
    const before = db.calls.length;

    const second = notesOf(dialog).getAllByRole('listitem')[1]!;
    await user.click(within(second).getByRole('button', { name: 'Editar nota' }));
    await user.type(within(second).getByRole('textbox'), ' corregida');
    await user.click(within(second).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(stored(request).notes).toEqual(['Nota A', 'Nota B corregida']));
    expect(writesSince(before)).toEqual([
      writeOf(request, 'PUT', 'notes/1', { from: 'Nota B', to: 'Nota B corregida' }),
    ]);
    expect(await within(dialog).findByText('Nota B corregida')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
  });

  it('when someone changed the note first (409), then my text stays beside theirs; "Usar la mía" saves mine over theirs', async () => {
    const { request, user, dialog } = await openOn({ notes: ['Llamar el lunes'] });

    const item = notesOf(dialog).getByRole('listitem');
    await user.click(within(item).getByRole('button', { name: 'Editar nota' }));
    const textarea = within(item).getByRole('textbox');
    await user.clear(textarea);
    await user.type(textarea, 'Llamar el martes');
    stored(request).notes = ['Llamar el miércoles'];
    await user.click(within(item).getByRole('button', { name: 'Save' }));

    const conflict = await within(dialog).findByRole('alert');
    expect(conflict).toHaveTextContent('Llamar el miércoles');
    expect(within(dialog).getByRole('textbox', { name: 'Editar nota' })).toHaveValue(
      'Llamar el martes',
    );
    const before = db.calls.length;
    await user.click(within(conflict).getByRole('button', { name: 'Usar la mía' }));

    await waitFor(() => expect(stored(request).notes).toEqual(['Llamar el martes']));
    expect(writesSince(before)).toEqual([
      writeOf(request, 'PUT', 'notes/0', { from: 'Llamar el miércoles', to: 'Llamar el martes' }),
    ]);
  });

  it('"Usar la suya" drops my edit and shows their note', async () => {
    const { request, user, dialog } = await openOn({ notes: ['Original'] });

    const item = notesOf(dialog).getByRole('listitem');
    await user.click(within(item).getByRole('button', { name: 'Editar nota' }));
    await user.type(within(item).getByRole('textbox'), ' mía');
    stored(request).notes = ['Suya'];
    await user.click(within(item).getByRole('button', { name: 'Save' }));
    const conflict = await within(dialog).findByRole('alert');

    await user.click(within(conflict).getByRole('button', { name: 'Usar la suya' }));

    expect(await within(dialog).findByText('Suya')).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Editar nota' })).not.toBeInTheDocument();
    expect(stored(request).notes).toEqual(['Suya']);
  });

  it('when a note was added above the one being edited, then the edit goes to where it is now', async () => {
    const { request, user, dialog } = await openOn({ notes: ['Nota B'] });

    const item = notesOf(dialog).getByRole('listitem');
    await user.click(within(item).getByRole('button', { name: 'Editar nota' }));
    await user.type(within(item).getByRole('textbox'), ' editada');
    stored(request).notes = ['Nota de otra persona', 'Nota B'];
    await user.click(within(item).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(stored(request).notes).toEqual(['Nota de otra persona', 'Nota B editada']),
    );
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Edit Request modal: a save refused by a conflict (409)', () => {
  it('when both changed the same field, then theirs shows beside mine and "Guardar la mía" saves mine on the new version', async () => {
    const { request, user, dialog } = await openOn({
      name: 'Original',
      company: 'Vieja SA',
      jobPosition: '',
    });

    await user.clear(within(dialog).getByLabelText('Compañía'));
    await user.type(within(dialog).getByLabelText('Compañía'), 'Mía SA');
    await user.type(within(dialog).getByLabelText('Cargo'), 'Gerente');
    Object.assign(stored(request), { company: 'Suya SA', name: 'Nombre suyo', version: 1 });
    const before = db.calls.length;
    await user.click(saveButton(dialog));

    const panel = await within(dialog).findByRole('alert', {
      name: 'Otra persona cambió esta solicitud',
    });
    const row = within(panel).getByRole('row', { name: /Compañía/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Suya SA', 'Mía SA']);
    expect(panel).toHaveTextContent(
      'Sus cambios en otros campos ya están en el formulario: Nombre.',
    );
    // Nothing typed was lost; what only they changed came in.
    expect(within(dialog).getByLabelText('Compañía')).toHaveValue('Mía SA');
    expect(within(dialog).getByLabelText('Cargo')).toHaveValue('Gerente');
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Nombre suyo');
    expect(screen.queryByText(API_MESSAGES.requestConflict)).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Guardar la mía' }));

    expect(await within(dialog).findByText('Cambios guardados')).toBeInTheDocument();
    const puts = writesSince(before).filter((call) => call.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[1]?.body).toMatchObject({
      company: 'Mía SA',
      jobPosition: 'Gerente',
      name: 'Nombre suyo',
      version: 1,
    });
    expect(stored(request)).toMatchObject({
      company: 'Mía SA',
      jobPosition: 'Gerente',
      name: 'Nombre suyo',
      version: 2,
    });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('"Usar la suya" puts their value in the conflicting fields and keeps my other changes', async () => {
    const { request, user, dialog } = await openOn({ company: 'Vieja SA', jobPosition: '' });

    await user.clear(within(dialog).getByLabelText('Compañía'));
    await user.type(within(dialog).getByLabelText('Compañía'), 'Mía SA');
    await user.type(within(dialog).getByLabelText('Cargo'), 'Gerente');
    Object.assign(stored(request), { company: 'Suya SA', version: 1 });
    await user.click(saveButton(dialog));
    const panel = await within(dialog).findByRole('alert', {
      name: 'Otra persona cambió esta solicitud',
    });

    await user.click(within(panel).getByRole('button', { name: 'Usar la suya' }));

    expect(within(dialog).getByLabelText('Compañía')).toHaveValue('Suya SA');
    expect(within(dialog).getByLabelText('Cargo')).toHaveValue('Gerente');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('status', { name: '' })).toHaveTextContent(
      'Tus cambios siguen aquí',
    );
    await user.click(saveButton(dialog));
    await waitFor(() =>
      expect(stored(request)).toMatchObject({ company: 'Suya SA', jobPosition: 'Gerente' }),
    );
  });
});

describe('Edit Request modal: closing with unsaved changes', () => {
  it.each([
    ['Escape', (user: User) => user.keyboard('{Escape}')],
    ['the X', (user: User) => user.click(screen.getByRole('button', { name: 'Cerrar' }))],
    ['"Cancelar"', (user: User) => user.click(screen.getByRole('button', { name: 'Cancelar' }))],
  ] as const)('via %s asks first; "Seguir editando" keeps the text', async (_way, close) => {
    const { user, dialog } = await openOn({ company: '' });
    await user.type(within(dialog).getByLabelText('Compañía'), 'ACME');

    await close(user);
    await answerDiscardPrompt(user, 'Seguir editando');
    expect(screen.getByRole('dialog', { name: 'Editar solicitud' })).toBe(dialog);
    expect(within(dialog).getByLabelText('Compañía')).toHaveValue('ACME');
  });

  it('"Descartar" closes without saving', async () => {
    const { request, user, dialog } = await openOn({ company: '' });
    await user.type(within(dialog).getByLabelText('Compañía'), 'ACME');
    const before = db.calls.length;

    await user.keyboard('{Escape}');
    await answerDiscardPrompt(user, 'Descartar');
    expect(writesSince(before)).toEqual([]);
    expect(stored(request).company).toBe('');
  });

  it('a note typed but not added counts as unsaved; a field typed back to its value does not', async () => {
    const { user, dialog } = await openOn({ company: 'ACME' });

    await user.type(within(dialog).getByLabelText('Compañía'), 'X');
    await user.type(within(dialog).getByLabelText('Compañía'), '{Backspace}');
    await user.click(within(dialog).getByRole('button', { name: 'Agregar nota' }));
    await user.type(within(dialog).getByPlaceholderText('Add a new note'), 'A medias');
    await user.keyboard('{Escape}');

    await answerDiscardPrompt(user, 'Seguir editando');
    expect(within(dialog).getByPlaceholderText('Add a new note')).toHaveValue('A medias');

    await user.clear(within(dialog).getByPlaceholderText('Add a new note'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('a note being edited and not saved counts as unsaved', async () => {
    const { user, dialog } = await openOn({ notes: ['Nota'] });

    await user.click(within(dialog).getByRole('button', { name: 'Editar nota' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Editar nota' }), ' más');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    expect(await findDiscardPrompt()).toBeInTheDocument();
  });
});

describe('Edit Request modal: "Historial"', () => {
  it('shows moves, assignments and notes, newest first, with who and when', async () => {
    vi.stubEnv('TZ', 'UTC');
    const { admin, luis } = seedUsers();
    const request = addRequest({ status: 'quote sent', vendor: luis._id });
    db.history.set(request._id, [
      { at: '2026-11-20T09:00:00.000Z', by: null, field: 'note', from: null, to: 'Web' },
      {
        at: '2026-11-21T08:05:00.000Z',
        by: admin._id,
        field: 'vendor',
        from: null,
        to: luis._id,
      },
      {
        at: '2026-11-22T17:30:00.000Z',
        by: '0123456789abcdef01234567',
        field: 'note',
        from: 'Web',
        to: 'Web (revisada)',
      },
      {
        at: '2026-11-23T10:42:00.000Z',
        by: admin._id,
        field: 'status',
        from: 'contacted',
        to: 'quote sent',
      },
    ]);
    const { user, dialog } = await openEditor(request, admin);

    await user.click(within(dialog).getByRole('button', { name: /^Historial/ }));
    const timeline = await within(dialog).findByRole('list', { name: 'Historial' });
    expect(
      within(timeline)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Ana C. movió de CONTACTADO a COTIZACIÓN ENVIADA · 23/11/26 10:42',
      'Usuario eliminado editó una nota: «Web» → «Web (revisada)» · 22/11/26 17:30',
      'Ana C. asignó a Luis P. · 21/11/26 08:05',
      'Alguien agregó una nota: «Web» · 20/11/26 09:00',
    ]);
  });

  it('records a move made in the modal', async () => {
    const { user, dialog } = await openOn({ status: 'new request' });

    await user.selectOptions(within(dialog).getByLabelText('Etapa de la solicitud'), 'Contactado');
    await user.click(within(dialog).getByRole('button', { name: /^Historial/ }));

    const timeline = await within(dialog).findByRole('list', { name: 'Historial' });
    expect(
      await within(timeline).findByText(/^Ana C\. movió de NUEVA SOLICITUD a CONTACTADO · /),
    ).toBeInTheDocument();
  });

  it('when "Cargo" is saved, then the history says "Cargo: antes → después" (issue 25)', async () => {
    const { user, dialog } = await openOn({ jobPosition: 'Analista' });

    await fill(user, within(dialog).getByLabelText('Cargo'), 'Gerente');
    await saveAndWait(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: /^Historial/ }));

    const timeline = await within(dialog).findByRole('list', { name: 'Historial' });
    expect(
      await within(timeline).findByText(/^Ana C\. cambió Cargo: Analista → Gerente · /),
    ).toBeInTheDocument();
  });
});

describe('Edit Request modal: a link with focus=<field>', () => {
  it('focuses that field’s control', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ status: 'contacted' });
    const { dialog } = await openEditor(request, admin, '?focus=company');
    await waitFor(() => expect(within(dialog).getByLabelText('Compañía')).toHaveFocus());
  });

  it('focuses a read-only field’s text', async () => {
    const { luis } = seedUsers();
    const request = addRequest({ status: 'contacted', requestNumber: 77 });
    const { dialog } = await openEditor(request, luis, '?priority=low&focus=requestNumber');
    await waitFor(() => expect(within(dialog).getByText('77')).toHaveFocus());
  });

  it('closing goes back to the board without the focus', async () => {
    const { admin } = seedUsers();
    const request = addRequest();
    const { user } = await openEditor(request, admin, '?priority=low&focus=pax');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/main/requests'));
    expect(screen.getByTestId('location-search').textContent).toBe('?priority=low');
  });
});
