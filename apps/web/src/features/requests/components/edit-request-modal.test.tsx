import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API_MESSAGES,
  CREATE_REQUEST_MESSAGES,
  EDIT_REQUEST_MESSAGES,
  REQUEST_MESSAGES,
  REQUEST_TYPES,
  type Request,
} from '@crm/shared';
import { addRequest, addUser, db, type StoredUser } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

afterEach(() => {
  vi.unstubAllEnvs();
});

function seedUsers() {
  const admin = addUser({ role: 'system admin', name: 'Ana', lastName: 'García' });
  const bea = addUser({ role: 'vendor', name: 'Bea', lastName: 'Ruiz' });
  const carlos = addUser({ role: 'driver', name: 'Carlos', lastName: 'Pérez' });
  return { admin, bea, carlos };
}

const cardName = (request: Pick<Request, 'requestNumber' | 'name'>) =>
  `Solicitud ${request.requestNumber ?? 'unnasigned'}: ${request.name}`;

/** Renders the board as `as` and opens the modal from the card's edit icon (or its avatar). */
async function openEditor(
  request: Request,
  as: StoredUser,
  via: 'edit icon' | 'avatar' = 'edit icon',
) {
  renderApp('/main/requests', as);
  const user = userEvent.setup();
  await clickCard(user, request, via);
  const dialog = await findEditor();
  return { user, dialog };
}

/** The modal, once the request it reads (GET /api/form-contact/:id) has filled its form. */
async function findEditor() {
  const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
  await within(dialog).findByLabelText('Etapa de la solicitud');
  return dialog;
}

async function clickCard(
  user: ReturnType<typeof userEvent.setup>,
  request: Pick<Request, 'requestNumber' | 'name'>,
  via: 'edit icon' | 'avatar' = 'edit icon',
) {
  const card = await screen.findByRole('article', { name: cardName(request) });
  const buttons = within(card).getAllByRole('button');
  const button =
    via === 'edit icon'
      ? within(card).getByRole('button', { name: 'Editar solicitud' })
      : buttons[buttons.length - 1]!;
  await user.click(button);
}

const column = (title: string) => screen.getByRole('region', { name: title });
const countOf = (title: string) => within(column(title)).getByLabelText(/ solicitudes$/);
/** The board's reads after `from`: the board call, a column's page, one request. */
const boardReads = (from: number) =>
  callLog(from).filter((call) => /^GET \/api\/form-contact(\/board|\?|$)/.test(call));
const stored = (request: Request) => db.requests.find((r) => r._id === request._id)!;
const callLog = (from: number) =>
  db.calls.slice(from).map((c) => `${c.method} ${c.path}${c.search ?? ''}`);
const putCalls = (from: number) => db.calls.slice(from).filter((c) => c.method === 'PUT');
const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => [option.textContent, (option as HTMLOptionElement).value]);
/** A read-only value: the text just after its label. */
const readOnlyValue = (container: HTMLElement, label: string) =>
  within(container).getByText(label, { selector: 'p' }).nextElementSibling?.textContent;
const section = (dialog: HTMLElement, name: string) => within(dialog).getByRole('group', { name });
const saveButton = (dialog: HTMLElement) =>
  within(dialog).getByRole('button', { name: /Guardar cambios/ });

/** Saves and waits until the product says the changes were saved. */
async function saveAndWait(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement) {
  await user.click(saveButton(dialog));
  expect(await within(dialog).findByText('Cambios guardados')).toBeInTheDocument();
}

describe('Edit Request modal: what it shows', () => {
  it('opens from the card edit icon, titled "Editar solicitud", with the five stages', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ name: 'Lucía Torres', status: 'quote sent' });
    const { dialog } = await openEditor(request, admin);

    const stage = within(dialog).getByLabelText('Etapa de la solicitud');
    expect(options(stage)).toEqual([
      ['Nueva Solicitud', 'new request'],
      ['Contactado', 'contacted'],
      ['Cotización enviada', 'quote sent'],
      ['En espera', 'follow up'],
      ['Cerrado', 'closed'],
    ]);
    expect(stage).toHaveValue('quote sent');
  });

  it('opens from the card avatar too', async () => {
    const { admin, bea } = seedUsers();
    const request = addRequest({ name: 'Con ejecutivo', vendor: bea._id });
    const { dialog } = await openEditor(request, admin, 'avatar');
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Con ejecutivo');
  });

  it('"Información general": the read-only number and "Prioridad" Baja/Media/Alta', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ requestNumber: 42, priority: 'mid' });
    const { dialog } = await openEditor(request, admin);

    const general = section(dialog, 'Información general');
    expect(readOnlyValue(general, 'Número')).toBe('42');
    expect(within(general).queryByRole('textbox')).not.toBeInTheDocument();
    const priority = within(general).getByLabelText('Prioridad');
    expect(options(priority)).toEqual([
      ['Baja', 'low'],
      ['Media', 'mid'],
      ['Alta', 'high'],
    ]);
    expect(priority).toHaveValue('mid');
  });

  it('shows "unnasigned" for a request without a number', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ requestNumber: null, name: 'Sin número' });
    const { dialog } = await openEditor(request, admin);
    expect(readOnlyValue(section(dialog, 'Información general'), 'Número')).toBe('unnasigned');
  });

  it('"Detalles": the request types, and the source of contact read-only', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ requestType: 'obtener una demo', sourceOfContact: 'website' });
    const { dialog } = await openEditor(request, admin);

    const details = section(dialog, 'Detalles');
    const type = within(details).getByLabelText('Tipo de solicitud');
    expect(options(type)).toEqual(REQUEST_TYPES.map((t) => [t, t]));
    expect(type).toHaveValue('obtener una demo');

    expect(readOnlyValue(details, 'Fuente de contacto')).toBe('Formulario landing');
    const source = within(details).getByRole('combobox', { name: /Fuente de contacto/ });
    expect(source).toBeDisabled();
    expect(source).toHaveValue('website');
    expect(options(source)).toEqual([
      ['Desconocida', 'unknown'],
      ['Formulario landing', 'website'],
      ['Vendedor', 'vendor'],
    ]);
  });

  it('shows "Vendedor" as the source of a request created by hand', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ sourceOfContact: 'vendor' });
    const { dialog } = await openEditor(request, admin);
    expect(readOnlyValue(section(dialog, 'Detalles'), 'Fuente de contacto')).toBe('Vendedor');
  });

  it('"Información de contacto": the five editable contact fields', async () => {
    const { admin } = seedUsers();
    const request = addRequest({
      name: 'Lucía Torres',
      email: 'lucia@empresa.test',
      jobPosition: 'Gerente',
      company: 'Empresa SA',
      contactNumber: '+56 9 1234 5678',
    });
    const { dialog } = await openEditor(request, admin);

    const contact = section(dialog, 'Información de contacto');
    expect(within(contact).getByLabelText('Nombre')).toHaveValue('Lucía Torres');
    expect(within(contact).getByLabelText('Correo')).toHaveValue('lucia@empresa.test');
    expect(within(contact).getByLabelText('Cargo')).toHaveValue('Gerente');
    expect(within(contact).getByLabelText('Compañía')).toHaveValue('Empresa SA');
    expect(within(contact).getByLabelText('Teléfono')).toHaveValue('+56 9 1234 5678');
    for (const label of ['Nombre', 'Correo', 'Cargo', 'Compañía', 'Teléfono']) {
      expect(within(contact).getByLabelText(label)).toBeEnabled();
      expect(within(contact).getByLabelText(label)).not.toHaveAttribute('readonly');
    }
  });

  it('"Mensaje": the message is shown read-only', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ message: 'Necesito una cotización para 200 personas.' });
    const { dialog } = await openEditor(request, admin);

    expect(within(dialog).getByText('Mensaje')).toBeInTheDocument();
    const message = within(dialog).getByText('Necesito una cotización para 200 personas.');
    expect(message.tagName).not.toMatch(/INPUT|TEXTAREA/);
    expect(
      within(dialog)
        .queryAllByRole('textbox')
        .some((box) => (box as HTMLInputElement).value === request.message),
    ).toBe(false);
  });

  it('"Notas": the hint when the request has no notes', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ notes: [] });
    const { dialog } = await openEditor(request, admin);
    expect(within(dialog).getByText('Notas')).toBeInTheDocument();
    expect(
      within(dialog).getByText('Presiona el icono "+" para agregar una nueva nota.'),
    ).toBeInTheDocument();
  });
});

describe('Edit Request modal: "Ejecutivo"', () => {
  it('for a system admin, a select of all users as "name lastName" plus "Sin ejecutivo"', async () => {
    const { admin, bea } = seedUsers();
    const request = addRequest({ vendor: bea._id });
    const { dialog } = await openEditor(request, admin);

    const executive = within(dialog).getByRole('combobox', { name: 'Ejecutivo' });
    await waitFor(() => expect(within(executive).getAllByRole('option')).toHaveLength(4));
    expect(options(executive)).toEqual(
      expect.arrayContaining([
        ['Sin ejecutivo', ''],
        ['Ana García', admin._id],
        ['Bea Ruiz', bea._id],
        ['Carlos Pérez', expect.any(String)],
      ]),
    );
    expect(executive).toHaveValue(bea._id);
  });

  it('for a system admin, an unassigned request shows "Sin ejecutivo" selected', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ vendor: null });
    const { dialog } = await openEditor(request, admin);
    const executive = within(dialog).getByRole('combobox', { name: 'Ejecutivo' });
    expect(executive).toHaveValue('');
    expect((executive as HTMLSelectElement).selectedOptions[0]).toHaveTextContent('Sin ejecutivo');
  });

  it.each(['vendor', 'driver'] as const)(
    'for a %s, read-only text with the assigned user full name',
    async (role) => {
      const { bea, carlos } = seedUsers();
      const viewer = role === 'vendor' ? bea : carlos;
      const request = addRequest({ vendor: bea._id });
      const { dialog } = await openEditor(request, viewer);

      expect(within(dialog).queryByRole('combobox', { name: 'Ejecutivo' })).not.toBeInTheDocument();
      await waitFor(() => expect(readOnlyValue(dialog, 'Ejecutivo')).toBe('Bea Ruiz'));
    },
  );

  it.each(['vendor', 'driver'] as const)(
    'for a %s, "Sin ejecutivo" when nobody is assigned',
    async (role) => {
      const { bea, carlos } = seedUsers();
      const request = addRequest({ vendor: null });
      const { dialog } = await openEditor(request, role === 'vendor' ? bea : carlos);

      expect(within(dialog).queryByRole('combobox', { name: 'Ejecutivo' })).not.toBeInTheDocument();
      expect(readOnlyValue(dialog, 'Ejecutivo')).toBe('Sin ejecutivo');
    },
  );
});

describe('Edit Request modal: "Guardar cambios"', () => {
  it('when the admin changes the vendor: assign-vendor, then the whole request; the users are fetched again, the board is not', async () => {
    const { admin, bea } = seedUsers();
    const request = addRequest({ name: 'Lucía Torres', vendor: null, version: 3 });
    const { user, dialog } = await openEditor(request, admin);
    const before = db.calls.length;

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Ejecutivo' }),
      'Bea Ruiz',
    );
    await user.clear(within(dialog).getByLabelText('Compañía'));
    await user.type(within(dialog).getByLabelText('Compañía'), 'ACME');
    await saveAndWait(user, dialog);

    const puts = putCalls(before);
    expect(puts).toEqual([
      {
        method: 'PUT',
        path: '/api/user/assign-vendor',
        body: { formId: request._id, vendorId: bea._id },
      },
      {
        method: 'PUT',
        path: `/api/form-contact/update/${request._id}`,
        body: { ...request, company: 'ACME', vendor: bea._id },
      },
    ]);
    const log = callLog(before);
    const assignAt = log.indexOf('PUT /api/user/assign-vendor');
    const updateAt = log.indexOf(`PUT /api/form-contact/update/${request._id}`);
    expect(updateAt).toBeGreaterThan(assignAt);
    await waitFor(() =>
      expect(callLog(before).indexOf('GET /api/user/all', assignAt)).toBeGreaterThan(assignAt),
    );

    expect(stored(request)).toMatchObject({ vendor: bea._id, company: 'ACME', version: 4 });
    // The modal stays open, showing what was saved.
    expect(screen.getByRole('dialog', { name: 'Editar solicitud' })).toBe(dialog);
    expect(within(dialog).getByLabelText('Compañía')).toHaveValue('ACME');
    expect(within(dialog).getByRole('combobox', { name: 'Ejecutivo' })).toHaveValue(bea._id);

    // The saved request replaced its card in place: no page of the board was read again.
    expect(boardReads(before)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    const card = await screen.findByRole('article', { name: cardName(request) });
    expect(within(card).getByRole('button', { name: 'Ejecutivo: Bea Ruiz' })).toHaveTextContent(
      'BR',
    );
    expect(boardReads(before)).toEqual([]);
  });

  it('when the vendor did not change, sends only the update of the whole request', async () => {
    const { admin, bea } = seedUsers();
    const request = addRequest({ vendor: bea._id, priority: 'low' });
    const { user, dialog } = await openEditor(request, admin);
    const before = db.calls.length;

    await user.selectOptions(within(dialog).getByLabelText('Prioridad'), 'Alta');
    await user.selectOptions(
      within(dialog).getByLabelText('Tipo de solicitud'),
      'recibir asesoría',
    );
    await saveAndWait(user, dialog);

    expect(putCalls(before)).toEqual([
      {
        method: 'PUT',
        path: `/api/form-contact/update/${request._id}`,
        body: { ...request, priority: 'high', requestType: 'recibir asesoría' },
      },
    ]);
    expect(callLog(before)).not.toContain('PUT /api/user/assign-vendor');
    expect(stored(request)).toMatchObject({ priority: 'high', requestType: 'recibir asesoría' });
  });

  it('choosing "Sin ejecutivo" sends vendorId null and the card shows no executive', async () => {
    const { admin, bea } = seedUsers();
    const request = addRequest({ name: 'Asignada', vendor: bea._id });
    const { user, dialog } = await openEditor(request, admin);
    const before = db.calls.length;

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Ejecutivo' }),
      'Sin ejecutivo',
    );
    await saveAndWait(user, dialog);

    expect(putCalls(before)[0]).toEqual({
      method: 'PUT',
      path: '/api/user/assign-vendor',
      body: { formId: request._id, vendorId: null },
    });
    expect(putCalls(before)[1]?.body).toMatchObject({ vendor: null });
    expect(stored(request).vendor).toBeNull();

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    const card = await screen.findByRole('article', { name: cardName(request) });
    expect(within(card).getByRole('button', { name: /Sin ejecutivo/ })).toBeInTheDocument();
  });

  it('a vendor saves contact changes with the update call only', async () => {
    const { bea } = seedUsers();
    const request = addRequest({ vendor: bea._id, jobPosition: '' });
    const { user, dialog } = await openEditor(request, bea);
    const before = db.calls.length;

    await user.type(within(dialog).getByLabelText('Cargo'), 'Jefa de compras');
    await user.clear(within(dialog).getByLabelText('Teléfono'));
    await user.type(within(dialog).getByLabelText('Teléfono'), '555-0101');
    await saveAndWait(user, dialog);

    expect(putCalls(before)).toEqual([
      {
        method: 'PUT',
        path: `/api/form-contact/update/${request._id}`,
        body: { ...request, jobPosition: 'Jefa de compras', contactNumber: '555-0101' },
      },
    ]);
    expect(stored(request)).toMatchObject({
      jobPosition: 'Jefa de compras',
      contactNumber: '555-0101',
    });
  });

  it('shows a spinner "Guardando" while saving and keeps the modal open afterwards', async () => {
    const { admin } = seedUsers();
    const request = addRequest();
    const { user, dialog } = await openEditor(request, admin);
    db.latencyMs = 300;

    await user.type(within(dialog).getByLabelText('Nombre'), ' Jr.');
    await user.click(saveButton(dialog));

    expect(within(dialog).getByRole('status', { name: 'Guardando' })).toBeInTheDocument();
    expect(saveButton(dialog)).toBeDisabled();
    await waitFor(() =>
      expect(within(dialog).queryByRole('status', { name: 'Guardando' })).not.toBeInTheDocument(),
    );
    expect(within(dialog).getByText('Cambios guardados')).toBeInTheDocument();
    expect(saveButton(dialog)).toBeEnabled();
    expect(screen.getByRole('dialog', { name: 'Editar solicitud' })).toBeInTheDocument();
    expect(stored(request).name).toBe('Cliente Jr.');
  });

  it('setting "Cerrado" and saving moves the card to the CERRADO column and both counts, without reading the board again', async () => {
    const { admin } = seedUsers();
    addRequest({ name: 'Ya cerrada', status: 'closed' });
    const request = addRequest({ name: 'Para cerrar', status: 'follow up' });
    renderApp('/main/requests', admin);
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'EN ESPERA' });
    expect(
      await within(column('EN ESPERA')).findByRole('article', { name: cardName(request) }),
    ).toBeInTheDocument();

    expect(countOf('EN ESPERA')).toHaveTextContent('1');
    expect(countOf('CERRADO')).toHaveTextContent('1');

    await clickCard(user, request);
    const dialog = await findEditor();
    const before = db.calls.length;
    await user.selectOptions(within(dialog).getByLabelText('Etapa de la solicitud'), 'Cerrado');
    await saveAndWait(user, dialog);
    expect(stored(request).status).toBe('closed');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await within(column('CERRADO')).findByRole('article', { name: cardName(request) }),
    ).toBeInTheDocument();
    expect(
      within(column('EN ESPERA')).queryByRole('article', { name: cardName(request) }),
    ).not.toBeInTheDocument();
    expect(countOf('EN ESPERA')).toHaveTextContent('0');
    expect(countOf('CERRADO')).toHaveTextContent('2');
    // Newest first: the moved request (created after "Ya cerrada") is on top.
    expect(
      within(column('CERRADO'))
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual([cardName(request), expect.stringMatching(/: Ya cerrada$/)]);
    // Without filters the columns could be updated in place: nothing was read again.
    expect(boardReads(before)).toEqual([]);
  });

  it('with a filter on, a save that takes the request out of it refetches only its column', async () => {
    const { admin } = seedUsers();
    addRequest({ name: 'Otra baja', priority: 'low' });
    const request = addRequest({ name: 'Baja por ahora', priority: 'low' });
    addRequest({ name: 'Contactada baja', priority: 'low', status: 'contacted' });
    renderApp('/main/requests?priority=low', admin);
    const user = userEvent.setup();
    await clickCard(user, request);
    const dialog = await findEditor();
    const before = db.calls.length;

    await user.selectOptions(within(dialog).getByLabelText('Prioridad'), 'Alta');
    await saveAndWait(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await waitFor(() =>
      expect(screen.queryByRole('article', { name: cardName(request) })).not.toBeInTheDocument(),
    );
    expect(countOf('NUEVA SOLICITUD')).toHaveTextContent('1');
    expect(boardReads(before)).toEqual(['GET /api/form-contact?priority=low&status=new+request']);
  });
});

describe('Edit Request modal: failures', () => {
  it('when assign-vendor fails, shows the update-failed notice and sends no update', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ vendor: null });
    const { user, dialog } = await openEditor(request, admin);
    const before = db.calls.length;
    db.failures.set('PUT /api/user/assign-vendor', 500);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Ejecutivo' }),
      'Bea Ruiz',
    );
    await user.click(saveButton(dialog));

    expect(await screen.findByText(REQUEST_MESSAGES.updateFailed)).toBeInTheDocument();
    expect(callLog(before)).not.toContain(`PUT /api/form-contact/update/${request._id}`);
    expect(stored(request)).toMatchObject({ vendor: null, version: request.version });
    expect(screen.getByRole('dialog', { name: 'Editar solicitud' })).toBeInTheDocument();
    expect(within(dialog).queryByText('Cambios guardados')).not.toBeInTheDocument();
  });

  it('when the update fails (500), shows the update-failed notice', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ company: '' });
    const { user, dialog } = await openEditor(request, admin);
    db.failures.set(`PUT /api/form-contact/update/${request._id}`, 500);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await user.type(within(dialog).getByLabelText('Compañía'), 'ACME');
    await user.click(saveButton(dialog));

    expect(await screen.findByText(REQUEST_MESSAGES.updateFailed)).toBeInTheDocument();
    expect(stored(request).company).toBe('');
    // The edit is kept in the form so it can be saved again.
    expect(within(dialog).getByLabelText('Compañía')).toHaveValue('ACME');
    expect(within(dialog).queryByText('Cambios guardados')).not.toBeInTheDocument();
  });

  it('a stale save (someone saved meanwhile) gets the conflict notice and reloads the stored version', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ name: 'Nombre original', company: '' });
    const { user, dialog } = await openEditor(request, admin);

    // Another person saves a new name while this modal is open.
    Object.assign(stored(request), { name: 'Nombre de otra persona', version: 1 });

    await user.type(within(dialog).getByLabelText('Compañía'), 'ACME');
    const before = db.calls.length;
    await user.click(saveButton(dialog));

    expect(await screen.findByText(API_MESSAGES.requestConflict)).toBeInTheDocument();
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Nombre de otra persona'),
    );
    expect(within(dialog).getByLabelText('Compañía')).toHaveValue('');
    expect(stored(request)).toMatchObject({
      name: 'Nombre de otra persona',
      company: '',
      version: 1,
    });
    expect(putCalls(before)).toHaveLength(1);
    // The stored copy was read from the request itself, not from a list.
    expect(callLog(before)).toContain(`GET /api/form-contact/${request._id}`);
    expect(screen.queryByText(REQUEST_MESSAGES.updateFailed)).not.toBeInTheDocument();

    // Applying the change again on the reloaded version saves it, keeping the other person's name.
    await user.type(within(dialog).getByLabelText('Compañía'), 'ACME');
    await saveAndWait(user, dialog);
    expect(stored(request)).toMatchObject({
      name: 'Nombre de otra persona',
      company: 'ACME',
      version: 2,
    });
  });

  it("a 400 shows the server's field message under its field beside the notice, until the field changes", async () => {
    const { admin } = seedUsers();
    const request = addRequest({ email: 'cliente@example.com' });
    const { user, dialog } = await openEditor(request, admin);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const email = within(dialog).getByLabelText('Correo');
    await user.clear(email);
    await user.type(email, 'cliente@');
    await user.click(saveButton(dialog));

    expect(await screen.findByText(REQUEST_MESSAGES.updateFailed)).toBeInTheDocument();
    expect(
      await within(dialog).findByText(CREATE_REQUEST_MESSAGES.invalidEmail),
    ).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(CREATE_REQUEST_MESSAGES.invalidEmail);
    expect(stored(request).email).toBe('cliente@example.com');

    await user.type(email, 'example.com');
    expect(
      within(dialog).queryByText(CREATE_REQUEST_MESSAGES.invalidEmail),
    ).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
    await saveAndWait(user, dialog);
    expect(stored(request).email).toBe('cliente@example.com');
  });

  it('"Cambios guardados" goes at the next change, and a conflict reload does not bring it back', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ company: '' });
    const { user, dialog } = await openEditor(request, admin);
    const company = within(dialog).getByLabelText('Compañía');

    await user.type(company, 'ACME');
    await saveAndWait(user, dialog);
    await user.type(company, ' SA');
    expect(within(dialog).queryByText('Cambios guardados')).not.toBeInTheDocument();

    // Someone else saves meanwhile: this save is refused and the stored copy comes back.
    Object.assign(stored(request), { company: 'Otra', version: stored(request).version + 1 });
    await user.click(saveButton(dialog));
    expect(await screen.findByText(API_MESSAGES.requestConflict)).toBeInTheDocument();
    await waitFor(() => expect(company).toHaveValue('Otra'));
    expect(within(dialog).queryByText('Cambios guardados')).not.toBeInTheDocument();
  });

  it('a stale save detected by version alone writes nothing either', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ priority: 'low', version: 5 });
    const { user, dialog } = await openEditor(request, admin);
    stored(request).version = 6;

    await user.selectOptions(within(dialog).getByLabelText('Prioridad'), 'Alta');
    await user.click(saveButton(dialog));

    expect(await screen.findByText(API_MESSAGES.requestConflict)).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('Prioridad')).toHaveValue('low'));
    expect(stored(request)).toMatchObject({ priority: 'low', version: 6 });
  });
});

describe('Edit Request modal: "Cancelar"', () => {
  it('resets the edits, closes, sends nothing, and reopening shows the original values', async () => {
    const { admin } = seedUsers();
    const request = addRequest({
      name: 'Lucía Torres',
      status: 'contacted',
      priority: 'mid',
      vendor: null,
      notes: ['Nota original'],
    });
    const { user, dialog } = await openEditor(request, admin);
    const before = db.calls.length;

    await user.clear(within(dialog).getByLabelText('Nombre'));
    await user.type(within(dialog).getByLabelText('Nombre'), 'Otro nombre');
    await user.selectOptions(within(dialog).getByLabelText('Etapa de la solicitud'), 'Cerrado');
    await user.selectOptions(within(dialog).getByLabelText('Prioridad'), 'Alta');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Ejecutivo' }),
      'Bea Ruiz',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Agregar nota' }));
    await user.type(within(dialog).getByPlaceholderText('Add a new note'), 'Nota descartada');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(putCalls(before)).toEqual([]);
    expect(stored(request)).toMatchObject({ name: 'Lucía Torres', status: 'contacted' });

    await clickCard(user, request);
    const reopened = await findEditor();
    expect(within(reopened).getByLabelText('Nombre')).toHaveValue('Lucía Torres');
    expect(within(reopened).getByLabelText('Etapa de la solicitud')).toHaveValue('contacted');
    expect(within(reopened).getByLabelText('Prioridad')).toHaveValue('mid');
    expect(within(reopened).getByRole('combobox', { name: 'Ejecutivo' })).toHaveValue('');
    expect(within(reopened).getByText('Nota original')).toBeInTheDocument();
    expect(within(reopened).queryByText('Nota descartada')).not.toBeInTheDocument();
  });
});

describe('Edit Request modal: "Evento" fields', () => {
  it('shows the event fields and sends numbers, text and a boolean', async () => {
    const { admin } = seedUsers();
    const request = addRequest();
    const { user, dialog } = await openEditor(request, admin);
    const event = section(dialog, 'Evento');

    expect(within(event).getByLabelText('Método de pago')).toHaveValue('unknown');
    expect(within(event).getByLabelText('Rubro')).toHaveValue('unknown');
    expect(within(event).getByLabelText('Cantidad de eventos')).toHaveValue(0);
    expect(within(event).getByLabelText('Pax')).toHaveValue(0);
    expect(within(event).getByLabelText('Monto pagado')).toHaveValue(0);
    expect(within(event).getByLabelText('Fecha del evento')).toHaveValue('');
    expect(
      within(event).getByRole('checkbox', { name: 'Correo de cierre enviado' }),
    ).not.toBeChecked();

    const replace = async (label: string, text: string) => {
      const input = within(event).getByLabelText(label);
      await user.clear(input);
      await user.type(input, text);
    };
    await replace('Método de pago', 'transferencia');
    await replace('Rubro', 'bodas');
    await replace('Cantidad de eventos', '12');
    await replace('Pax', '150');
    await replace('Monto pagado', '2500.5');
    await user.click(within(event).getByRole('checkbox', { name: 'Correo de cierre enviado' }));
    const before = db.calls.length;
    await saveAndWait(user, dialog);

    const body = putCalls(before)[0]!.body;
    expect(body).toMatchObject({
      paymentMethod: 'transferencia',
      bussinesItem: 'bodas',
      eventsQuantity: 12,
      pax: 150,
      amoutPaid: 2500.5,
      emailSentToCloseEvents: true,
    });
    expect(stored(request)).toMatchObject({
      eventsQuantity: 12,
      pax: 150,
      amoutPaid: 2500.5,
      emailSentToCloseEvents: true,
    });
    expect(within(event).getByLabelText('Pax')).toHaveValue(150);
    expect(within(event).getByRole('checkbox', { name: 'Correo de cierre enviado' })).toBeChecked();
  });

  it('an emptied number sends 0 and unticking the checkbox sends false', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ pax: 80, emailSentToCloseEvents: true });
    const { user, dialog } = await openEditor(request, admin);

    await user.clear(within(dialog).getByLabelText('Pax'));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Correo de cierre enviado' }));
    const before = db.calls.length;
    await saveAndWait(user, dialog);

    expect(putCalls(before)[0]!.body).toMatchObject({ pax: 0, emailSentToCloseEvents: false });
  });

  it.each(['UTC', 'America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Tokyo'])(
    'the date shows the UTC day of eventDate and sends midnight UTC (time zone %s)',
    async (zone) => {
      vi.stubEnv('TZ', zone);
      const { admin } = seedUsers();
      const request = addRequest({ eventDate: '2026-05-10T00:00:00.000Z' });
      const { user, dialog } = await openEditor(request, admin);

      const date = within(dialog).getByLabelText('Fecha del evento');
      expect(date).toHaveAttribute('type', 'date');
      expect(date).toHaveValue('2026-05-10');

      await user.clear(date);
      await user.type(date, '2026-06-15');
      expect(date).toHaveValue('2026-06-15');
      const before = db.calls.length;
      await saveAndWait(user, dialog);

      expect(putCalls(before)[0]!.body).toMatchObject({ eventDate: '2026-06-15T00:00:00.000Z' });
      expect(stored(request).eventDate).toBe('2026-06-15T00:00:00.000Z');
      expect(within(dialog).getByLabelText('Fecha del evento')).toHaveValue('2026-06-15');
    },
  );
});

describe('Edit Request modal: §5 stage rules checklist', () => {
  const openChecklist = async (
    user: ReturnType<typeof userEvent.setup>,
    dialog: HTMLElement,
    count: number,
  ) => {
    const summary = within(dialog).getByText(`Requisitos de la etapa pendientes (${count})`);
    await user.click(summary);
    const details = summary.closest('details')!;
    return within(details)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  };

  it('with "contacted" and placeholder values, lists the missing fields', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ status: 'contacted' });
    const { user, dialog } = await openEditor(request, admin);

    const expected = ['paymentMethod', 'bussinesItem', 'company', 'jobPosition', 'vendor'];
    expect(await openChecklist(user, dialog, expected.length)).toEqual(
      expected.map((field) => EDIT_REQUEST_MESSAGES.requiredNotUnknown(field)),
    );
    expect(
      within(dialog).getByText('paymentMethod is required and cannot be "unknown"'),
    ).toBeVisible();
  });

  it('is recomputed on every change', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ status: 'contacted' });
    const { user, dialog } = await openEditor(request, admin);
    expect(within(dialog).getByText('Requisitos de la etapa pendientes (5)')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Compañía'), 'ACME');
    expect(within(dialog).getByText('Requisitos de la etapa pendientes (4)')).toBeInTheDocument();
    await user.selectOptions(
      within(dialog).getByLabelText('Etapa de la solicitud'),
      'Nueva Solicitud',
    );
    expect(within(dialog).getByText('Requisitos de la etapa completos')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Etapa de la solicitud'), 'En espera');
    expect(within(dialog).getByText('Requisitos de la etapa pendientes (4)')).toBeInTheDocument();
  });

  it('with "closed", uses the "unknown or 0" wording and adds amoutPaid and emailSentToCloseEvents', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ status: 'closed' });
    const { user, dialog } = await openEditor(request, admin);

    const expected = [
      'paymentMethod',
      'eventsQuantity',
      'pax',
      'bussinesItem',
      'company',
      'jobPosition',
      'vendor',
      'amoutPaid',
      'emailSentToCloseEvents',
    ];
    expect(await openChecklist(user, dialog, expected.length)).toEqual(
      expected.map((field) => EDIT_REQUEST_MESSAGES.requiredNotUnknownOrZero(field)),
    );
    expect(
      within(dialog).getByText('amoutPaid is required and cannot be "unknown or 0"'),
    ).toBeInTheDocument();
  });

  it('with "new request", nothing is required', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ status: 'new request' });
    const { dialog } = await openEditor(request, admin);
    expect(within(dialog).getByText('Requisitos de la etapa completos')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Requisitos de la etapa pendientes/)).not.toBeInTheDocument();
  });

  it('never blocks the save', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ status: 'contacted' });
    const { user, dialog } = await openEditor(request, admin);

    await user.selectOptions(within(dialog).getByLabelText('Etapa de la solicitud'), 'Cerrado');
    expect(within(dialog).getByText('Requisitos de la etapa pendientes (9)')).toBeInTheDocument();
    expect(saveButton(dialog)).toBeEnabled();
    const before = db.calls.length;
    await saveAndWait(user, dialog);

    expect(putCalls(before)).toHaveLength(1);
    expect(stored(request)).toMatchObject({
      status: 'closed',
      amoutPaid: 0,
      paymentMethod: 'unknown',
    });
  });
});
