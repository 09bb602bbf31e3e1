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

  it('"Detalles": the request types, and the source of contact once, as read-only text', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ requestType: 'obtener una demo', sourceOfContact: 'website' });
    const { dialog } = await openEditor(request, admin);

    const details = section(dialog, 'Detalles');
    const type = within(details).getByLabelText('Tipo de solicitud');
    expect(options(type)).toEqual(REQUEST_TYPES.map((t) => [t, t]));
    expect(type).toHaveValue('obtener una demo');

    expect(readOnlyValue(details, 'Fuente de contacto')).toBe('Formulario landing');
    // §2's never-enabled select would say it a second time: it is not drawn.
    expect(within(details).getAllByText(/Fuente de contacto/)).toHaveLength(1);
    expect(within(details).getAllByText('Formulario landing')).toHaveLength(1);
    expect(
      within(details).queryByRole('combobox', { name: /Fuente de contacto/ }),
    ).not.toBeInTheDocument();
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

  it('for a system admin, groups the users by role (vendors first), still listing all of them', async () => {
    const { admin, bea, carlos } = seedUsers();
    const dora = addUser({ role: 'vendor', name: 'Dora', lastName: 'Luna' });
    const eva = addUser({ role: 'system admin', name: 'Eva', lastName: 'Sol' });
    const request = addRequest({ vendor: dora._id });
    const { dialog } = await openEditor(request, admin);

    const executive = within(dialog).getByRole('combobox', { name: 'Ejecutivo' });
    await waitFor(() => expect(within(executive).getAllByRole('option')).toHaveLength(6));
    const groups = within(executive).getAllByRole('group');
    expect(
      groups.map((group) => [
        group.getAttribute('label'),
        within(group)
          .getAllByRole('option')
          .map((option) => (option as HTMLOptionElement).value),
      ]),
    ).toEqual([
      ['Vendedores', expect.arrayContaining([bea._id, dora._id])],
      ['Administradores', expect.arrayContaining([admin._id, eva._id])],
      ['Choferes', [carlos._id]],
    ]);
    expect(groups.flatMap((group) => within(group).getAllByRole('option'))).toHaveLength(5);
    // "Sin ejecutivo" stays first, outside the groups.
    expect(within(executive).getAllByRole('option')[0]).toHaveTextContent('Sin ejecutivo');
    expect(executive).toHaveValue(dora._id);
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
    expect(within(card).getByRole('button', { name: 'BR, Ejecutivo: Bea Ruiz' })).toHaveTextContent(
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

  it('setting "Cerrado" moves the card at once (the move, not the §7 update) to the CERRADO column and both counts, without reading the board again', async () => {
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
    await waitFor(() => expect(stored(request).status).toBe('closed'));
    expect(db.calls.slice(before).filter((call) => call.method !== 'GET')).toEqual([
      {
        method: 'PATCH',
        path: `/api/form-contact/${request._id}/status`,
        body: { from: 'follow up', to: 'closed' },
      },
    ]);
    // Nothing typed: the modal closes without asking.
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

  it('a stale save (someone saved meanwhile) keeps the draft, takes what only they changed, and saves both on the next "Guardar cambios"', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ name: 'Nombre original', company: '' });
    const { user, dialog } = await openEditor(request, admin);

    // Another person saves a new name while this modal is open.
    Object.assign(stored(request), { name: 'Nombre de otra persona', version: 1 });

    await user.type(within(dialog).getByLabelText('Compañía'), 'ACME');
    const before = db.calls.length;
    await user.click(saveButton(dialog));

    // The draft stays; their name comes in; the modal says so.
    const notice = await within(dialog).findByText(/Otra persona guardó esta solicitud/);
    expect(notice).toHaveTextContent('Tomamos sus cambios en: Nombre.');
    expect(within(dialog).getByLabelText('Nombre')).toHaveValue('Nombre de otra persona');
    expect(within(dialog).getByLabelText('Compañía')).toHaveValue('ACME');
    expect(stored(request)).toMatchObject({
      name: 'Nombre de otra persona',
      company: '',
      version: 1,
    });
    expect(putCalls(before)).toHaveLength(1);
    // The stored copy was read from the request itself, not from a list.
    expect(callLog(before)).toContain(`GET /api/form-contact/${request._id}`);
    expect(screen.queryByText(REQUEST_MESSAGES.updateFailed)).not.toBeInTheDocument();
    expect(screen.queryByText(API_MESSAGES.requestConflict)).not.toBeInTheDocument();
    expect(within(dialog).queryByText('Cambios guardados')).not.toBeInTheDocument();

    // Saving again sends the merged request on the new version: both changes are kept.
    await saveAndWait(user, dialog);
    expect(putCalls(before)[1]?.body).toMatchObject({
      name: 'Nombre de otra persona',
      company: 'ACME',
      version: 1,
    });
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

  it('"Cambios guardados" goes at the next change, and a conflict does not bring it back', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ company: '' });
    const { user, dialog } = await openEditor(request, admin);
    const company = within(dialog).getByLabelText('Compañía');

    await user.type(company, 'ACME');
    await saveAndWait(user, dialog);
    await user.type(company, ' SA');
    expect(within(dialog).queryByText('Cambios guardados')).not.toBeInTheDocument();

    // Someone else saves the same field meanwhile: this save is refused; both versions show.
    Object.assign(stored(request), { company: 'Otra', version: stored(request).version + 1 });
    await user.click(saveButton(dialog));
    expect(
      await within(dialog).findByRole('alert', { name: 'Otra persona cambió esta solicitud' }),
    ).toBeInTheDocument();
    expect(company).toHaveValue('ACME SA');
    expect(within(dialog).queryByText('Cambios guardados')).not.toBeInTheDocument();
  });

  it('a stale save detected by version alone writes nothing and keeps the draft', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ priority: 'low', version: 5 });
    const { user, dialog } = await openEditor(request, admin);
    stored(request).version = 6;

    await user.selectOptions(within(dialog).getByLabelText('Prioridad'), 'Alta');
    await user.click(saveButton(dialog));

    expect(await within(dialog).findByText(/Otra persona guardó esta solicitud/)).toHaveTextContent(
      'Tus cambios siguen aquí',
    );
    expect(within(dialog).getByLabelText('Prioridad')).toHaveValue('high');
    expect(stored(request)).toMatchObject({ priority: 'low', version: 6 });
  });
});

describe('Edit Request modal: "Cancelar"', () => {
  it('asks before dropping typed changes; "Descartar" closes, sends no update, and reopening shows the stored values', async () => {
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
    await user.selectOptions(within(dialog).getByLabelText('Prioridad'), 'Alta');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Ejecutivo' }),
      'Bea Ruiz',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    const prompt = await screen.findByRole('alertdialog', { name: '¿Descartar los cambios?' });
    await user.click(within(prompt).getByRole('button', { name: 'Descartar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(putCalls(before)).toEqual([]);
    expect(stored(request)).toMatchObject({ name: 'Lucía Torres', priority: 'mid', vendor: null });

    await clickCard(user, request);
    const reopened = await findEditor();
    expect(within(reopened).getByLabelText('Nombre')).toHaveValue('Lucía Torres');
    expect(within(reopened).getByLabelText('Etapa de la solicitud')).toHaveValue('contacted');
    expect(within(reopened).getByLabelText('Prioridad')).toHaveValue('mid');
    expect(within(reopened).getByRole('combobox', { name: 'Ejecutivo' })).toHaveValue('');
    expect(within(reopened).getByText('Nota original')).toBeInTheDocument();
  });

  it('closes at once, asking nothing, when nothing was changed', async () => {
    const { admin } = seedUsers();
    const request = addRequest();
    const { user, dialog } = await openEditor(request, admin);

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('Edit Request modal: "Evento" fields', () => {
  it('shows the placeholders ("unknown", 0) as empty fields reading "Pendiente"', async () => {
    const { admin } = seedUsers();
    const request = addRequest();
    const { dialog } = await openEditor(request, admin);
    const event = section(dialog, 'Evento');

    for (const label of ['Método de pago', 'Rubro']) {
      expect(within(event).getByLabelText(label)).toHaveValue('');
      expect(within(event).getByLabelText(label)).toHaveAttribute('placeholder', 'Pendiente');
    }
    for (const label of ['Cantidad de eventos', 'Pax', 'Monto pagado']) {
      expect(within(event).getByLabelText(label)).toHaveValue(null);
      expect(within(event).getByLabelText(label)).toHaveAttribute('placeholder', 'Pendiente');
    }
    expect(within(event).getByLabelText('Fecha del evento')).toHaveValue('');
    expect(within(event).getByLabelText('Fecha del evento')).toHaveAttribute(
      'placeholder',
      'dd/mm/aaaa',
    );
    expect(within(event).queryByDisplayValue('unknown')).not.toBeInTheDocument();
    expect(within(event).queryByDisplayValue('0')).not.toBeInTheDocument();
    // "pending" is not a word on screen either: the box is unticked and says it is pending.
    expect(within(event).getByText('(pendiente)')).toBeInTheDocument();
  });

  it('saves a placeholder nobody touched as the same placeholder, and one typed then emptied too', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ company: 'ACME' });
    const { user, dialog } = await openEditor(request, admin);
    const event = section(dialog, 'Evento');

    // Typed, then emptied again: back to "unknown" and 0, so the form has nothing to save.
    await user.type(within(event).getByLabelText('Rubro'), 'bodas');
    await user.type(within(event).getByLabelText('Pax'), '12');
    await user.clear(within(event).getByLabelText('Rubro'));
    await user.clear(within(event).getByLabelText('Pax'));
    await user.type(within(dialog).getByLabelText('Compañía'), ' SA');
    const before = db.calls.length;
    await saveAndWait(user, dialog);

    expect(putCalls(before)[0]!.body).toMatchObject({
      company: 'ACME SA',
      paymentMethod: 'unknown',
      bussinesItem: 'unknown',
      eventsQuantity: 0,
      pax: 0,
      amoutPaid: 0,
      emailSentToCloseEvents: 'pending',
      eventDate: null,
    });
    expect(stored(request)).toMatchObject({
      company: 'ACME SA',
      paymentMethod: 'unknown',
      bussinesItem: 'unknown',
      pax: 0,
      emailSentToCloseEvents: 'pending',
    });
  });

  it('an older request with an empty text keeps it empty', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ paymentMethod: '' });
    const { user, dialog } = await openEditor(request, admin);
    const method = within(dialog).getByLabelText('Método de pago');
    expect(method).toHaveValue('');

    await user.type(method, 'x');
    await user.clear(method);
    await user.type(within(dialog).getByLabelText('Cargo'), 'Jefa');
    const before = db.calls.length;
    await saveAndWait(user, dialog);

    expect(putCalls(before)[0]!.body).toMatchObject({ paymentMethod: '', jobPosition: 'Jefa' });
  });

  it('shows the event fields and sends numbers, text and a boolean', async () => {
    const { admin } = seedUsers();
    const request = addRequest();
    const { user, dialog } = await openEditor(request, admin);
    const event = section(dialog, 'Evento');
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
    expect(within(event).getByLabelText('Monto pagado')).toHaveValue(2500.5);
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
    'the date shows the UTC day of eventDate as dd/mm/yyyy and sends midnight UTC (time zone %s)',
    async (zone) => {
      vi.stubEnv('TZ', zone);
      const { admin } = seedUsers();
      const request = addRequest({ eventDate: '2026-05-10T00:00:00.000Z' });
      const { user, dialog } = await openEditor(request, admin);

      const date = within(dialog).getByLabelText('Fecha del evento');
      expect(date).toHaveValue('10/05/2026');

      await user.clear(date);
      await user.type(date, '15/06/2026');
      expect(date).toHaveValue('15/06/2026');
      const before = db.calls.length;
      await saveAndWait(user, dialog);

      expect(putCalls(before)[0]!.body).toMatchObject({ eventDate: '2026-06-15T00:00:00.000Z' });
      expect(stored(request).eventDate).toBe('2026-06-15T00:00:00.000Z');
      expect(within(dialog).getByLabelText('Fecha del evento')).toHaveValue('15/06/2026');
    },
  );

  it('an untouched date saves the same day; an emptied one saves null', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ eventDate: '2026-05-10T00:00:00.000Z' });
    const { user, dialog } = await openEditor(request, admin);

    await user.type(within(dialog).getByLabelText('Cargo'), 'Jefa');
    let before = db.calls.length;
    await saveAndWait(user, dialog);
    expect(putCalls(before)[0]!.body).toMatchObject({ eventDate: '2026-05-10T00:00:00.000Z' });

    await user.clear(within(dialog).getByLabelText('Fecha del evento'));
    before = db.calls.length;
    await saveAndWait(user, dialog);
    expect(putCalls(before)[0]!.body).toMatchObject({ eventDate: null });
  });

  it('a day it cannot read is not saved: the field says what it expects and takes the focus', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ eventDate: '2026-05-10T00:00:00.000Z' });
    const { user, dialog } = await openEditor(request, admin);
    const date = within(dialog).getByLabelText('Fecha del evento');

    await user.clear(date);
    await user.type(date, '31/02/2026');
    expect(date).toHaveAttribute('aria-invalid', 'true');
    expect(date).toHaveAccessibleDescription('Fecha no válida: escríbela como dd/mm/aaaa');
    const before = db.calls.length;
    await user.click(saveButton(dialog));

    expect(putCalls(before)).toEqual([]);
    expect(date).toHaveFocus();
  });
});

describe('Edit Request modal: §5 stage rules checklist', () => {
  /** The checklist's sentence, then (opened) the whole list, as the person reads them. */
  const openChecklist = async (
    user: ReturnType<typeof userEvent.setup>,
    dialog: HTMLElement,
    sentence: string,
  ) => {
    const summary = within(dialog).getByText(sentence);
    await user.click(summary);
    const list = within(dialog).getByRole('list', { name: 'Datos que faltan en esta etapa' });
    return within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  };
  const ruleMessages = /is required and cannot be|bussinesItem|paymentMethod|amoutPaid/;

  it('with "contacted" and placeholder values, says in Spanish which fields are missing', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ status: 'contacted' });
    const { user, dialog } = await openEditor(request, admin);

    expect(
      await openChecklist(user, dialog, 'Faltan: método de pago, rubro, compañía y 2 más.'),
    ).toEqual(['método de pago', 'rubro', 'compañía', 'cargo', 'ejecutivo asignado']);
    // The rules' own messages (kept in @crm/shared for the API) are not what the person reads.
    expect(within(dialog).queryByText(ruleMessages)).not.toBeInTheDocument();
    expect(EDIT_REQUEST_MESSAGES.requiredNotUnknown('bussinesItem')).toBe(
      'bussinesItem is required and cannot be "unknown"',
    );
  });

  it('names up to three fields in one sentence, without a list to open', async () => {
    const { admin, bea } = seedUsers();
    const request = addRequest({ status: 'contacted', vendor: bea._id, company: 'ACME' });
    const { user, dialog } = await openEditor(request, admin);
    expect(within(dialog).getByText('Faltan: método de pago, rubro y cargo.')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Cargo'), 'Jefa');
    await user.type(within(dialog).getByLabelText('Rubro'), 'bodas');
    expect(within(dialog).getByText('Falta: método de pago.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: /faltan/ })).not.toBeInTheDocument();
  });

  it('is recomputed on every change', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ status: 'contacted' });
    const { user, dialog } = await openEditor(request, admin);
    expect(
      within(dialog).getByText('Faltan: método de pago, rubro, compañía y 2 más.'),
    ).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Compañía'), 'ACME');
    expect(
      within(dialog).getByText('Faltan: método de pago, rubro, cargo y 1 más.'),
    ).toBeInTheDocument();
    await user.selectOptions(
      within(dialog).getByLabelText('Etapa de la solicitud'),
      'Nueva Solicitud',
    );
    expect(within(dialog).getByText('Requisitos de la etapa completos')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('Etapa de la solicitud'), 'En espera');
    expect(
      within(dialog).getByText('Faltan: método de pago, rubro, cargo y 1 más.'),
    ).toBeInTheDocument();
  });

  it('with "closed", adds the amount paid and the closing email, and counts 0 as missing', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ status: 'closed' });
    const { user, dialog } = await openEditor(request, admin);

    expect(
      await openChecklist(
        user,
        dialog,
        'Faltan: método de pago, cantidad de eventos, pax (número de personas) y 6 más.',
      ),
    ).toEqual([
      'método de pago',
      'cantidad de eventos',
      'pax (número de personas)',
      'rubro',
      'compañía',
      'cargo',
      'ejecutivo asignado',
      'monto pagado',
      'correo de cierre enviado',
    ]);
    expect(within(dialog).queryByText(ruleMessages)).not.toBeInTheDocument();
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
    expect(within(dialog).getByText(/^Faltan: .* y 6 más\.$/)).toBeInTheDocument();
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
