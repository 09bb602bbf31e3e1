import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, FIELD_MAX_LENGTH, pathOf, type Request } from '@crm/shared';
import {
  editDialog,
  fillLogin,
  inBatches,
  openAs,
  signInAsAdmin,
  signInAsNewVendor,
  snap,
  solveCaptcha,
  unique,
  uniqueEmail,
} from '../support/app.js';

// Issue 25, "daily use, round two": the request window fits the screen, the board remembers a
// vendor's filters across sign-ins, and the history says what a save changed.

/** A request with a message of the longest length §5 allows and `notes` notes, via the API. */
async function busyRequest(request: APIRequestContext, token: string, notes: number) {
  const headers = { Authorization: `Bearer ${token}` };
  const opening = 'Boda para 120 personas en marzo. ';
  const message = opening + 'Salón, banquete y música. '.repeat(200);
  const res = await request.post(pathOf(api.requests.create), {
    headers,
    data: {
      name: unique('Ventana '),
      email: 'ventana@example.com',
      requestType: 'otro',
      message: message.slice(0, FIELD_MAX_LENGTH.message),
    },
  });
  expect(res.status(), await res.text()).toBe(api.requests.create.status);
  const created: Request = api.requests.create.response.parse(await res.json());
  const numbers = Array.from({ length: notes }, (_, at) => at + 1);
  await inBatches(numbers, 5, async (number) => {
    const added = await request.post(pathOf(api.requests.addNote, { id: created._id }), {
      headers,
      data: { text: `Nota ${number}: llamó para confirmar la fecha y pidió otra cotización.` },
    });
    expect(added.status(), await added.text()).toBe(api.requests.addNote.status);
  });
  return created;
}

/** The side sections' fold buttons, by their heading's start ("Notas" finds "Notas (40)"). */
const sectionToggle = (page: Page, title: string) =>
  editDialog(page).getByRole('button', { name: new RegExp(`^${title}`) });

/** The open window stays inside the viewport, its save button in view. */
async function expectWindowFits(page: Page, height: number) {
  const dialog = editDialog(page);
  const box = await dialog.boundingBox();
  if (!box) throw new Error('the window is not on screen');
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(height);
  await expect(dialog.getByRole('button', { name: 'Guardar cambios' })).toBeInViewport();
}

test.describe('daily use (issue 25)', () => {
  test('a 5,000-character message and 40 notes: the window fits 1280×800 in two columns, and a phone with its sections folded', async ({
    page,
    request,
  }) => {
    const admin = await signInAsAdmin(request);
    const busy = await busyRequest(request, admin.session.token, 40);

    await page.setViewportSize({ width: 1280, height: 800 });
    await openAs(page, admin.session, `/main/requests/${busy._id}`);
    const dialog = editDialog(page);
    await expect(sectionToggle(page, 'Notas')).toHaveAccessibleName('Notas (40)');
    await expect(dialog.getByRole('heading', { name: 'Editar solicitud' })).toBeFocused();
    await expect(sectionToggle(page, 'Mensaje')).toHaveAttribute('aria-expanded', 'true');
    await expect(sectionToggle(page, 'Notas')).toHaveAttribute('aria-expanded', 'true');
    await expect(sectionToggle(page, 'Historial')).toHaveAttribute('aria-expanded', 'false');
    await expectWindowFits(page, 800);
    // Two columns: the fields on the left, the notes on the right, side by side.
    const stage = await dialog.getByLabel('Etapa de la solicitud').boundingBox();
    const notes = await sectionToggle(page, 'Notas').boundingBox();
    expect(stage && notes && notes.x > stage.x + stage.width).toBe(true);
    // The 40 notes scroll inside their section.
    const list = dialog.getByRole('list', { name: 'Notas' });
    await expect(list.getByRole('listitem')).toHaveCount(40);
    await expect(list.getByRole('listitem').last()).not.toBeInViewport();
    await snap(page, 'daily-use-01-window-1280x800');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(sectionToggle(page, 'Notas')).toHaveAccessibleName('Notas (40)');
    for (const title of ['Mensaje', 'Notas', 'Historial']) {
      await expect(sectionToggle(page, title)).toHaveAttribute('aria-expanded', 'false');
    }
    // What a rep uses most starts open on a phone (issue 33): the activities.
    await expect(sectionToggle(page, 'Actividades')).toHaveAttribute('aria-expanded', 'true');
    await expect(sectionToggle(page, 'Actividades')).toHaveAccessibleName('Actividades (0)');
    await expect(sectionToggle(page, 'Historial')).toHaveAccessibleName('Historial (40)');
    await expectWindowFits(page, 844);
    await snap(page, 'daily-use-02-window-390x844');
    await sectionToggle(page, 'Notas').scrollIntoViewIfNeeded();
    await snap(page, 'daily-use-02-window-390x844-sections');
  });

  test('a vendor’s board starts on "Mis solicitudes"; with "Alta" picked, both are still on after signing out and in', async ({
    page,
    request,
  }) => {
    const { api: admin } = await signInAsAdmin(request);
    const vendor = {
      name: 'Rita',
      lastName: 'Recuerda',
      email: uniqueEmail('recuerda'),
      password: 'Recuerda.Pass#1',
    };
    await admin.createUser({ ...vendor, role: 'vendor' });
    const signInOnScreen = async () => {
      await page.goto('/login');
      await fillLogin(page, vendor.email, vendor.password);
      await solveCaptcha(page);
      await page.getByRole('button', { name: 'Ingresar' }).click();
      await expect(page.getByTestId('board')).toBeVisible();
    };
    const executive = page.getByRole('combobox', { name: 'Ejecutivo' });
    const priority = page.getByRole('combobox', { name: 'Prioridad' });

    await signInOnScreen();
    await expect(executive.locator('option:checked')).toHaveText('Mis solicitudes');
    // The choice is saved once it settles (a moment after the pick): sign out after that.
    const saved = page.waitForResponse(
      (res) =>
        res.request().method() === 'PUT' &&
        new URL(res.url()).pathname === pathOf(api.boardViews.putFilters) &&
        res.ok(),
    );
    await priority.selectOption({ label: 'Alta' });
    await saved;
    await expect(page).toHaveURL(/priority=high/);
    await expect(priority.locator('option:checked')).toHaveText('Alta');
    await snap(page, 'daily-use-03-vendor-board-alta');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInOnScreen();
    await expect(executive.locator('option:checked')).toHaveText('Mis solicitudes');
    await expect(priority.locator('option:checked')).toHaveText('Alta');
    await expect(page).toHaveURL(/vendor=me/);
    await expect(page).toHaveURL(/priority=high/);
    await snap(page, 'daily-use-04-vendor-board-after-sign-in');
  });

  test('a "Cargo" saved in the window shows as "Cargo: antes → después" in its history', async ({
    page,
    request,
  }) => {
    const { session, api: vendorApi } = await signInAsNewVendor(request);
    const created = await vendorApi.createRequest(unique('Cargo '));
    await openAs(page, session, `/main/requests/${created._id}`);
    const dialog = editDialog(page);
    const jobPosition = dialog.getByLabel('Cargo', { exact: true });
    const save = async () => {
      await dialog.getByRole('button', { name: 'Guardar cambios' }).click();
      await expect(dialog.getByText('Cambios guardados')).toBeVisible();
    };

    await jobPosition.fill('Analista');
    await save();
    await jobPosition.fill('Gerente de eventos');
    await save();

    await sectionToggle(page, 'Historial').click();
    const history = dialog.getByRole('list', { name: 'Historial' });
    await expect(history.getByText(/cambió Cargo: Analista → Gerente de eventos/)).toBeVisible();
    await snap(page, 'daily-use-05-history-cargo');
  });
});
