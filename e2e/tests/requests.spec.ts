import { expect, test, type Page } from '@playwright/test';
import { REQUEST_MESSAGES } from '@crm/shared';
import {
  card,
  column,
  editDialog,
  notice,
  openAs,
  openAsAdminWithRequest,
  signInAsAdmin,
  signInByApi,
  snap,
  unique,
  uniqueEmail,
} from '../support/app.js';

const vendor = {
  name: 'Vicente',
  lastName: 'Espinoza',
  email: uniqueEmail('vicente'),
  password: 'Vicente.2026',
};

async function saveAndClose(page: Page): Promise<void> {
  const dialog = editDialog(page);
  await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
  await expect(dialog.getByText('Cambios guardados')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
}

test.describe.serial('requests on the board', () => {
  test.beforeAll(async ({ request }) => {
    const { api } = await signInAsAdmin(request);
    await api.createUser({ ...vendor, role: 'vendor' });
  });

  test('a vendor creates a request with "+", moves it through a stage and keeps notes across a reload', async ({
    page,
    request,
  }) => {
    const { api, session } = await signInByApi(request, vendor.email, vendor.password);
    const existing = await api.requests();
    // Numbers come from a counter: requests other scenarios deleted used theirs, so the new one
    // is above every number still on the board (read back below once it exists).
    const highest = Math.max(0, ...existing.map((r) => r.requestNumber ?? 0));
    const name = unique('Boda ');
    await openAs(page, session);

    // Only "NUEVA SOLICITUD" has the "+" button (§2).
    await expect(page.getByRole('button', { name: 'Crear solicitud' })).toHaveCount(1);
    await column(page, 'NUEVA SOLICITUD').getByRole('button', { name: 'Crear solicitud' }).click();
    const create = page.getByRole('dialog', { name: 'New request' });
    await create.getByLabel('Name').fill(name);
    await create.getByLabel('Email').fill('novios@example.com');
    await create.getByLabel('Request Type').selectOption('otro');
    await create.getByLabel('Message').fill('Boda para 120 personas en marzo');
    await snap(page, 'requests-01-create-modal');
    await create.getByRole('button', { name: 'Submit' }).click();
    await expect(notice(page, REQUEST_MESSAGES.created)).toBeVisible();
    await expect(create).toHaveCount(0);

    // Issue 25: the new request's edit window opens in the create modal's place, at its address.
    const dialog = editDialog(page);
    await expect(dialog.getByLabel('Nombre', { exact: true })).toHaveValue(name);
    await expect(page).toHaveURL(/\/main\/requests\/[0-9a-f]{24}$/);
    await snap(page, 'requests-02-created-edit-window');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(dialog).toHaveCount(0);

    const stored = (await api.requests()).find((r) => r.name === name);
    const nextNumber = stored?.requestNumber ?? 0;
    expect(nextNumber).toBeGreaterThan(highest);
    const created = column(page, 'NUEVA SOLICITUD').getByRole('article', {
      name: `Solicitud ${nextNumber}: ${name}`,
    });
    await expect(created).toBeVisible();
    await expect(created).toContainText(`Número:${nextNumber}`);
    await expect(created).toContainText('Tipo:otro');
    await snap(page, 'requests-02-created-card');

    // Stage and a first note.
    await created.getByRole('button', { name: 'Editar solicitud' }).click();
    await dialog.getByLabel('Etapa de la solicitud').selectOption({ label: 'Contactado' });
    await dialog.getByRole('button', { name: 'Agregar nota' }).click();
    await dialog.getByPlaceholder('Add a new note').fill('Llamar el lunes');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText('Llamar el lunes', { exact: true })).toBeVisible();
    await snap(page, 'requests-03-edit-modal');
    await saveAndClose(page);

    // The card moved to its new column.
    await expect(
      column(page, 'CONTACTADO').getByRole('article', { name: `Solicitud ${nextNumber}: ${name}` }),
    ).toBeVisible();
    await expect(
      column(page, 'NUEVA SOLICITUD').getByRole('article', { name: new RegExp(name) }),
    ).toHaveCount(0);
    await snap(page, 'requests-04-moved-to-contactado');

    // Edit that note and add another.
    await card(page, name).getByRole('button', { name: 'Editar solicitud' }).click();
    await dialog.getByRole('button', { name: 'Editar nota' }).click();
    await dialog.getByLabel('Editar nota').fill('Llamar el martes');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await dialog.getByRole('button', { name: 'Agregar nota' }).click();
    await dialog.getByPlaceholder('Add a new note').fill('Enviar cotización');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    // Each note change is saved on its own; saving the rest before the API has answered them
    // meets their newer version (a 409 and the merge notice), as it would a hurried person.
    const notes = dialog.getByRole('list', { name: 'Notas' });
    await expect(notes).toContainText('Llamar el martes');
    await expect(notes).toContainText('Enviar cotización');
    await saveAndClose(page);

    // All of it survives a reload: it came back from the server, not from the page's memory.
    await page.reload();
    const reloaded = column(page, 'CONTACTADO').getByRole('article', {
      name: `Solicitud ${nextNumber}: ${name}`,
    });
    await expect(reloaded).toBeVisible();
    await reloaded.getByRole('button', { name: 'Editar solicitud' }).click();
    await expect(dialog.getByLabel('Etapa de la solicitud')).toHaveValue('contacted');
    await expect(dialog.getByText('Llamar el martes', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Enviar cotización', { exact: true })).toBeVisible();
    await expect(dialog.getByText('Llamar el lunes', { exact: true })).toHaveCount(0);
    await snap(page, 'requests-05-after-reload');
  });

  test('the admin assigns an executive, clears it again, and deletes the request inline', async ({
    page,
    request,
  }) => {
    const name = unique('Congreso ');
    const { api } = await openAsAdminWithRequest(page, request, name);

    const target = card(page, name);
    await expect(target.getByRole('button', { name: 'Sin ejecutivo: asignar' })).toBeVisible();
    // The avatar opens the same modal as the edit icon.
    await target.getByRole('button', { name: 'Sin ejecutivo: asignar' }).click();
    const dialog = editDialog(page);
    await dialog
      .getByLabel('Ejecutivo')
      .selectOption({ label: `${vendor.name} ${vendor.lastName}` });
    await saveAndClose(page);

    const assigned = target.getByRole('button', {
      name: `Ejecutivo: ${vendor.name} ${vendor.lastName}`,
    });
    await expect(assigned).toHaveText('VE');
    await snap(page, 'requests-06-executive-assigned');

    await assigned.click();
    await expect(dialog.getByLabel('Ejecutivo')).toHaveValue(/^[0-9a-f]{24}$/);
    await dialog.getByLabel('Ejecutivo').selectOption({ label: 'Sin ejecutivo' });
    await saveAndClose(page);
    const unassigned = target.getByRole('button', { name: 'Sin ejecutivo: asignar' });
    await expect(unassigned).toBeVisible();
    await expect(unassigned).toHaveText('');
    await expect(unassigned.locator('svg')).toBeVisible(); // the add-user icon
    await snap(page, 'requests-07-executive-cleared');

    // Inline confirmation: Cancel keeps it, Delete removes it.
    await target.getByRole('button', { name: 'Eliminar solicitud' }).click();
    await expect(target.getByRole('button', { name: 'Delete' })).toBeVisible();
    await snap(page, 'requests-08-inline-delete-confirm');
    await target.getByRole('button', { name: 'Cancel' }).click();
    await expect(target.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await target.getByRole('button', { name: 'Eliminar solicitud' }).click();
    await target.getByRole('button', { name: 'Delete' }).click();
    await expect(notice(page, REQUEST_MESSAGES.deleted)).toBeVisible();
    await expect(card(page, name)).toHaveCount(0);
    await snap(page, 'requests-09-deleted');

    expect((await api.requests()).map((r) => r.name)).not.toContain(name);
  });
});
