import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  API_MESSAGES,
  CREATE_REQUEST_MESSAGES,
  OUTCOME_LABELS,
  REQUEST_MESSAGES,
} from '@crm/shared';
import { answer, fieldRefusal } from '../../../test/answers';
import { answerDiscardPrompt } from '../../../test/discard-prompt';
import { addRequest, db } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { answerOutcome } from '../../../test/outcome';
import { cardName } from '../../../test/requests';
import {
  editAlone,
  seedUsers,
  openEditor,
  findEditor,
  clickCard,
  column,
  countOf,
  boardReads,
  stored,
  callLog,
  putCalls,
  saveButton,
  saveAndWait,
  sentAsIs,
  totalOf,
  append,
  fill,
} from './edit-request.test-kit';
import { setupUser } from '../../../test/user';

/** CERRADO's won and lost figures (issue 33). */
const closedSplit = () => within(column('CERRADO')).getByTitle(OUTCOME_LABELS.closedTotalHelp);

// The Edit Request modal's "Guardar cambios" (§2, §7), its failures (§8, issue 12) and "Cancelar".
// What a save does to the board is tested on the board; the failures, on the modal alone.

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
    await fill(user, within(dialog).getByLabelText('Compañía'), 'ACME');
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
        body: { ...sentAsIs(request), company: 'ACME', vendor: bea._id },
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
        body: { ...sentAsIs(request), priority: 'high', requestType: 'recibir asesoría' },
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

    await append(user, within(dialog).getByLabelText('Cargo'), 'Jefa de compras');
    await fill(user, within(dialog).getByLabelText('Teléfono'), '555-0101');
    await saveAndWait(user, dialog);

    expect(putCalls(before)).toEqual([
      {
        method: 'PUT',
        path: `/api/form-contact/update/${request._id}`,
        body: { ...sentAsIs(request), jobPosition: 'Jefa de compras', contactNumber: '555-0101' },
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

    await append(user, within(dialog).getByLabelText('Nombre'), ' Jr.');
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
    addRequest({
      name: 'Ya cerrada',
      status: 'closed',
      expectedValue: 100_000,
      outcome: { result: 'won', reason: null, comment: null },
    });
    const request = addRequest({
      name: 'Para cerrar',
      status: 'follow up',
      expectedValue: 2_500_000,
    });
    renderApp('/main/requests', admin);
    const user = setupUser();
    await screen.findByRole('region', { name: 'EN ESPERA' });
    expect(
      await within(column('EN ESPERA')).findByRole('article', { name: cardName(request) }),
    ).toBeInTheDocument();

    expect(countOf('EN ESPERA')).toHaveTextContent('1');
    expect(countOf('CERRADO')).toHaveTextContent('1');
    expect(totalOf('EN ESPERA')).toHaveTextContent('$2.500.000');
    // CERRADO shows the won and the lost apart (issue 33), not one total.
    expect(closedSplit()).toHaveTextContent(
      `${OUTCOME_LABELS.closedWon} $100.000${OUTCOME_LABELS.closedLost} $0`,
    );

    await clickCard(user, request);
    const dialog = await findEditor();
    const before = db.calls.length;
    await user.selectOptions(within(dialog).getByLabelText('Etapa de la solicitud'), 'Cerrado');
    // Issue 21: "¿Ganada o perdida?" first; the move carries the answer.
    await answerOutcome(user, { reason: 'Precio', comment: 'Muy caro' });
    await waitFor(() => expect(stored(request).status).toBe('closed'));
    expect(db.calls.slice(before).filter((call) => call.method !== 'GET')).toEqual([
      {
        method: 'PATCH',
        path: `/api/form-contact/${request._id}/status`,
        body: {
          from: 'follow up',
          to: 'closed',
          outcome: { result: 'lost', reason: 'Precio', comment: 'Muy caro' },
        },
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
    // The column totals follow the move (issue 21), without reading the board again.
    expect(totalOf('EN ESPERA')).toHaveTextContent('$0');
    expect(closedSplit()).toHaveTextContent(
      `${OUTCOME_LABELS.closedWon} $100.000${OUTCOME_LABELS.closedLost} $2.500.000`,
    );
    // Newest first: the moved request (created after "Ya cerrada") is on top.
    expect(
      within(column('CERRADO'))
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual([cardName(request), expect.stringMatching(/: Ya cerrada$/)]);
    // Without filters the columns could be updated in place: nothing was read again.
    expect(boardReads(before)).toEqual([]);
  });

  it('under a search, a save that may take the request out of it refetches only its column', async () => {
    const { admin } = seedUsers();
    addRequest({ name: 'Otra baja' });
    const request = addRequest({ name: 'Baja por ahora' });
    addRequest({ name: 'Contactada baja', status: 'contacted' });
    renderApp('/main/requests?q=baja', admin);
    const user = setupUser();
    await clickCard(user, request);
    const dialog = await findEditor();
    const before = db.calls.length;

    await fill(user, within(dialog).getByLabelText('Nombre'), 'Ya no se encuentra');
    await saveAndWait(user, dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await waitFor(() =>
      expect(
        screen.queryByRole('article', { name: /Ya no se encuentra$/ }),
      ).not.toBeInTheDocument(),
    );
    expect(countOf('NUEVA SOLICITUD')).toHaveTextContent('1');
    expect(boardReads(before)).toEqual(['GET /api/form-contact?q=baja&status=new+request']);
  });

  it('under "Prioridad", a save that takes the request out of it takes its card out at once, reading nothing (the browser applies the filter as the server does)', async () => {
    const { admin } = seedUsers();
    addRequest({ name: 'Otra baja', priority: 'low' });
    const request = addRequest({ name: 'Baja por ahora', priority: 'low' });
    addRequest({ name: 'Contactada baja', priority: 'low', status: 'contacted' });
    renderApp('/main/requests?priority=low', admin);
    const user = setupUser();
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
    expect(boardReads(before)).toEqual([]);
  });
});

describe('Edit Request modal: failures', () => {
  it('when assign-vendor fails, shows the update-failed notice and sends no update', async () => {
    const { request, user, dialog } = await editAlone({ vendor: null });
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
    const { request, user, dialog } = await editAlone({ company: '' });
    db.failures.set(`PUT /api/form-contact/update/${request._id}`, 500);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    await append(user, within(dialog).getByLabelText('Compañía'), 'ACME');
    await user.click(saveButton(dialog));

    expect(await screen.findByText(REQUEST_MESSAGES.updateFailed)).toBeInTheDocument();
    expect(stored(request).company).toBe('');
    // The edit is kept in the form so it can be saved again.
    expect(within(dialog).getByLabelText('Compañía')).toHaveValue('ACME');
    expect(within(dialog).queryByText('Cambios guardados')).not.toBeInTheDocument();
  });

  it('a stale save (someone saved meanwhile) keeps the draft, takes what only they changed, and saves both on the next "Guardar cambios"', async () => {
    const { request, user, dialog } = await editAlone({ name: 'Nombre original', company: '' });

    // Another person saves a new name while this modal is open.
    Object.assign(stored(request), { name: 'Nombre de otra persona', version: 1 });

    await append(user, within(dialog).getByLabelText('Compañía'), 'ACME');
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

  // Checked in the browser with the API's own rules (§7's payload schema) before any call: the
  // person sees what the API's 400 showed.
  it("a 400 shows the server's field message under its field beside the notice, until the field changes", async () => {
    const { request, user, dialog } = await editAlone({ email: 'cliente@example.com' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);

    const email = within(dialog).getByLabelText('Correo');
    await fill(user, email, 'cliente@');
    await user.click(saveButton(dialog));

    expect(await screen.findByText(REQUEST_MESSAGES.updateFailed)).toBeInTheDocument();
    expect(
      await within(dialog).findByText(CREATE_REQUEST_MESSAGES.invalidEmail),
    ).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(CREATE_REQUEST_MESSAGES.invalidEmail);
    expect(stored(request).email).toBe('cliente@example.com');

    await append(user, email, 'example.com');
    expect(
      within(dialog).queryByText(CREATE_REQUEST_MESSAGES.invalidEmail),
    ).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
    await saveAndWait(user, dialog);
    expect(stored(request).email).toBe('cliente@example.com');
  });

  it('when the API refuses a value the browser let through (400), then its message shows under the field beside the notice, until the field changes', async () => {
    const { request, user, dialog } = await editAlone({ company: '' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    answer(
      'put',
      `/api/form-contact/update/${request._id}`,
      400,
      fieldRefusal('company', 'Compañía no válida', 'Bad request'),
    );
    const company = within(dialog).getByLabelText('Compañía');

    await append(user, company, 'ACME');
    await user.click(saveButton(dialog));

    expect(await screen.findByText(REQUEST_MESSAGES.updateFailed)).toBeInTheDocument();
    await waitFor(() => expect(company).toHaveAccessibleDescription('Compañía no válida'));
    expect(company).toHaveAttribute('aria-invalid', 'true');
    expect(company).toHaveValue('ACME');

    await append(user, company, ' SA');
    expect(company).not.toHaveAttribute('aria-invalid');
    expect(within(dialog).queryByText('Compañía no válida')).not.toBeInTheDocument();
  });
  it('"Cambios guardados" goes at the next change, and a conflict does not bring it back', async () => {
    const { request, user, dialog } = await editAlone({ company: '' });
    const company = within(dialog).getByLabelText('Compañía');

    await append(user, company, 'ACME');
    await saveAndWait(user, dialog);
    await append(user, company, ' SA');
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
    const { request, user, dialog } = await editAlone({ priority: 'low', version: 5 });
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

    await fill(user, within(dialog).getByLabelText('Nombre'), 'Otro nombre');
    await user.selectOptions(within(dialog).getByLabelText('Prioridad'), 'Alta');
    await user.selectOptions(
      within(dialog).getByRole('combobox', { name: 'Ejecutivo' }),
      'Bea Ruiz',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await answerDiscardPrompt(user, 'Descartar');
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
    const { user, dialog } = await editAlone();

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
