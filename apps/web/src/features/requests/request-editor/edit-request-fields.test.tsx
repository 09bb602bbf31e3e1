import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CREATE_REQUEST_MESSAGES,
  EDIT_REQUEST_MESSAGES,
  REQUEST_MESSAGES,
  REQUEST_TYPES,
} from '@crm/shared';
import { addRequest, addUser, db } from '../../../test/fake-api';
import { answerOutcome } from '../../../test/outcome';
import { optionValues } from '../../../test/options';
import {
  editAlone,
  seedUsers,
  openEditor,
  openEditorAlone,
  stored,
  putCalls,
  options,
  readOnlyValue,
  section,
  saveButton,
  saveAndWait,
  append,
  fill,
} from './edit-request.test-kit';
import { type User } from '../../../test/user';

// The Edit Request modal's fields as each person sees them (§2), the §5 stage checklist, and
// the §7 rules the browser checks before a save.

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
    const { dialog } = await editAlone({ requestNumber: 42, priority: 'mid' });

    const general = section(dialog, 'Información general');
    expect(readOnlyValue(general, 'Número')).toBe('42');
    // Its one field to type in is issue 21's "Monto estimado".
    expect(
      within(general)
        .getAllByRole('textbox')
        .map((box) => box.getAttribute('name')),
    ).toEqual(['expectedValue']);
    const priority = within(general).getByLabelText('Prioridad');
    expect(options(priority)).toEqual([
      ['Baja', 'low'],
      ['Media', 'mid'],
      ['Alta', 'high'],
    ]);
    expect(priority).toHaveValue('mid');
  });

  it('shows "unnasigned" for a request without a number', async () => {
    const { dialog } = await editAlone({ requestNumber: null, name: 'Sin número' });
    expect(readOnlyValue(section(dialog, 'Información general'), 'Número')).toBe('unnasigned');
  });

  it('"Detalles": the request types, and the source of contact once, as read-only text', async () => {
    const { dialog } = await editAlone({
      requestType: 'obtener una demo',
      sourceOfContact: 'website',
    });

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
    const { dialog } = await editAlone({ sourceOfContact: 'vendor' });
    expect(readOnlyValue(section(dialog, 'Detalles'), 'Fuente de contacto')).toBe('Vendedor');
  });

  it('"Información de contacto": the five editable contact fields', async () => {
    const { dialog } = await editAlone({
      name: 'Lucía Torres',
      email: 'lucia@empresa.test',
      jobPosition: 'Gerente',
      company: 'Empresa SA',
      contactNumber: '+56 9 1234 5678',
    });

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
    const { request, dialog } = await editAlone({
      message: 'Necesito una cotización para 200 personas.',
    });

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
    const { dialog } = await editAlone({ notes: [] });
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
    const { dialog } = await openEditorAlone(request, admin);

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
    const { dialog } = await openEditorAlone(request, admin);

    const executive = within(dialog).getByRole('combobox', { name: 'Ejecutivo' });
    await waitFor(() => expect(within(executive).getAllByRole('option')).toHaveLength(6));
    const groups = within(executive).getAllByRole('group');
    expect(groups.map((group) => [group.getAttribute('label'), optionValues(group)])).toEqual([
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
    const { dialog } = await editAlone({ vendor: null });
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
      const { dialog } = await openEditorAlone(request, viewer);

      expect(within(dialog).queryByRole('combobox', { name: 'Ejecutivo' })).not.toBeInTheDocument();
      await waitFor(() => expect(readOnlyValue(dialog, 'Ejecutivo')).toBe('Bea Ruiz'));
    },
  );

  it.each(['vendor', 'driver'] as const)(
    'for a %s, "Sin ejecutivo" when nobody is assigned',
    async (role) => {
      const { bea, carlos } = seedUsers();
      const request = addRequest({ vendor: null });
      const { dialog } = await openEditorAlone(request, role === 'vendor' ? bea : carlos);

      expect(within(dialog).queryByRole('combobox', { name: 'Ejecutivo' })).not.toBeInTheDocument();
      expect(readOnlyValue(dialog, 'Ejecutivo')).toBe('Sin ejecutivo');
    },
  );
});

describe('Edit Request modal: §5 stage rules checklist', () => {
  /** The checklist's sentence, then (opened) the whole list, as the person reads them. */
  const openChecklist = async (user: User, dialog: HTMLElement, sentence: string) => {
    const summary = within(dialog).getByText(sentence);
    await user.click(summary);
    const list = within(dialog).getByRole('list', { name: 'Datos que faltan en esta etapa' });
    return within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  };
  const ruleMessages = /is required and cannot be|bussinesItem|paymentMethod|amoutPaid/;

  it('with "contacted" and placeholder values, says in Spanish which fields are missing', async () => {
    const { user, dialog } = await editAlone({ status: 'contacted' });

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
    const { user, dialog } = await openEditorAlone(request, admin);
    expect(within(dialog).getByText('Faltan: método de pago, rubro y cargo.')).toBeInTheDocument();

    await append(user, within(dialog).getByLabelText('Cargo'), 'Jefa');
    await append(user, within(dialog).getByLabelText('Rubro'), 'bodas');
    expect(within(dialog).getByText('Falta: método de pago.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('list', { name: /faltan/ })).not.toBeInTheDocument();
  });

  it('is recomputed on every change', async () => {
    const { user, dialog } = await editAlone({ status: 'contacted' });
    expect(
      within(dialog).getByText('Faltan: método de pago, rubro, compañía y 2 más.'),
    ).toBeInTheDocument();

    await append(user, within(dialog).getByLabelText('Compañía'), 'ACME');
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
    const { user, dialog } = await editAlone({ status: 'closed' });

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
    const { dialog } = await editAlone({ status: 'new request' });
    expect(within(dialog).getByText('Requisitos de la etapa completos')).toBeInTheDocument();
    expect(within(dialog).queryByText(/Requisitos de la etapa pendientes/)).not.toBeInTheDocument();
  });

  it('never blocks the save', async () => {
    const { request, user, dialog } = await editAlone({ status: 'contacted' });

    await user.selectOptions(within(dialog).getByLabelText('Etapa de la solicitud'), 'Cerrado');
    await answerOutcome(user, 'won');
    expect(await within(dialog).findByText(/^Faltan: .* y 6 más\.$/)).toBeInTheDocument();
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

describe('Edit Request modal: the rules the API checks an update with, checked before sending', () => {
  it('when a field breaks them, then nothing is sent: its message shows under it, the §8 notice too, and it takes the focus', async () => {
    const { request, user, dialog } = await editAlone({ name: 'Lucía Torres' });
    const name = within(dialog).getByLabelText('Nombre');
    const before = db.calls.length;

    await user.clear(name);
    await user.click(saveButton(dialog));

    expect(await screen.findByText(REQUEST_MESSAGES.updateFailed)).toBeInTheDocument();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(CREATE_REQUEST_MESSAGES.nameRequired);
    await waitFor(() => expect(name).toHaveFocus());
    expect(putCalls(before)).toEqual([]);
    expect(stored(request).name).toBe('Lucía Torres');
  });

  it('when several fields break them, then the first on the page takes the focus; after a fix, the next one', async () => {
    const { user, dialog } = await editAlone({ email: 'cliente@example.com' });
    const email = within(dialog).getByLabelText('Correo');
    const pax = within(dialog).getByLabelText('Pax');
    const before = db.calls.length;

    await user.type(pax, '1.5');
    await fill(user, email, 'cliente@');
    await user.click(saveButton(dialog));

    // "Correo" comes before "Pax" on the page.
    await waitFor(() => expect(email).toHaveFocus());
    expect(email).toHaveAccessibleDescription(CREATE_REQUEST_MESSAGES.invalidEmail);
    expect(pax).toHaveAttribute('aria-invalid', 'true');

    // From then on each message follows the changes; the next save goes to the field left.
    await append(user, email, 'example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    await user.click(saveButton(dialog));
    await waitFor(() => expect(pax).toHaveFocus());
    expect(putCalls(before)).toEqual([]);

    await user.clear(pax);
    await user.type(pax, '2');
    await saveAndWait(user, dialog);
    expect(putCalls(before)[0]?.body).toMatchObject({ email: 'cliente@example.com', pax: 2 });
  });
});
