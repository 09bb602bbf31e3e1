import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { api, BOARD_COLUMNS, pathOf, type Request, type RequestStatus } from '@crm/shared';
import {
  board,
  card,
  column,
  openAs,
  signInAsAdmin,
  signInAsNewVendor,
  snap,
  unique,
  type Session,
} from '../support/app.js';

// Issue 33, "daily use, round three": "Quitar filtros" on a remembered filter no longer leaves
// the board on "Loading..." (item 1), and a search under "Mis solicitudes" says what the filter
// hides of it (item 2).

const headersOf = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A request with this name and email, made by `token`'s person through the API. */
async function createRequest(
  request: APIRequestContext,
  token: string,
  name: string,
  email = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
): Promise<Request> {
  const res = await request.post(pathOf(api.requests.create), {
    headers: headersOf(token),
    data: { name, email, requestType: 'otro', message: 'Hola' },
  });
  expect(res.status(), await res.text()).toBe(api.requests.create.status);
  return api.requests.create.response.parse(await res.json());
}

/** Moves a new request to `to` through the API (CERRADO as won). */
async function moveTo(
  request: APIRequestContext,
  token: string,
  created: Request,
  to: RequestStatus,
) {
  if (to === 'new request') return;
  const res = await request.patch(pathOf(api.requests.move, { id: created._id }), {
    headers: headersOf(token),
    data: { from: 'new request', to, ...(to === 'closed' && { outcome: { result: 'won' } }) },
  });
  expect(res.status(), await res.text()).toBe(api.requests.move.status);
}

/** The remembered filters, as the server keeps them for `session`'s person. */
async function rememberedFilters(request: APIRequestContext, session: Session) {
  const res = await request.get(pathOf(api.boardViews.getFilters), {
    headers: headersOf(session.token),
  });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as unknown;
}

const executive = (page: Page) => page.getByRole('combobox', { name: 'Ejecutivo' });

/** Picks "Mis solicitudes" and waits until the server remembers it. */
async function chooseMine(page: Page) {
  const saved = page.waitForResponse(
    (res) =>
      res.request().method() === 'PUT' &&
      new URL(res.url()).pathname === pathOf(api.boardViews.putFilters) &&
      res.ok(),
  );
  await executive(page).selectOption({ label: 'Mis solicitudes' });
  await saved;
  await expect(page).toHaveURL(/vendor=me/);
}

test.describe('board filters (issue 33)', () => {
  test('a remembered "Mis solicitudes", then "Quitar filtros": every column’s cards show, nothing left loading, and the server forgets the filter', async ({
    page,
    request,
  }) => {
    const admin = await signInAsAdmin(request);
    const vendor = await signInAsNewVendor(request, admin.api);
    const token = admin.session.token;
    const mine = await createRequest(request, token, unique('Mía '));
    await admin.api.assignVendor(mine._id, vendor.session.userId);
    // Another executive's request in each column (the admin's own).
    const others = new Map<string, string>();
    for (const { status, title } of BOARD_COLUMNS) {
      const name = unique('Ajena ');
      const created = await createRequest(request, token, name);
      await admin.api.assignVendor(created._id, admin.session.userId);
      await moveTo(request, token, created, status);
      others.set(title, name);
    }

    await openAs(page, vendor.session);
    await expect(card(page, mine.name)).toBeVisible();
    await chooseMine(page);
    await expect(card(page, others.get('NUEVA SOLICITUD')!)).toHaveCount(0);

    // Back to the board's address without filters: it opens on the remembered one.
    await page.goto('/main/requests');
    await expect(page).toHaveURL(/\/main\/requests\?vendor=me$/);
    await expect(executive(page).locator('option:checked')).toHaveText('Mis solicitudes');
    await expect(card(page, mine.name)).toBeVisible();
    await snap(page, 'board-filters-01-remembered-mine');

    await page.getByRole('button', { name: 'Quitar filtros' }).click();

    for (const [title, name] of others) {
      const inColumn = column(page, title).getByRole('article', { name: new RegExp(`: ${name}$`) });
      await expect(inColumn).toBeVisible();
    }
    await expect(card(page, mine.name)).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    await expect(page).toHaveURL(/\/main\/requests$/);
    await expect(executive(page).locator('option:checked')).toHaveText('Todos los ejecutivos');
    await snap(page, 'board-filters-02-cleared');
    await expect.poll(() => rememberedFilters(request, vendor.session)).toEqual({});

    await page.reload();
    await expect(card(page, others.get('CERRADO')!)).toBeVisible();
    await expect(page).toHaveURL(/\/main\/requests$/);
    await expect(executive(page).locator('option:checked')).toHaveText('Todos los ejecutivos');
  });

  test('a search under "Mis solicitudes" says how many matches other executives hold; "Ver todas" shows them with the search kept', async ({
    page,
    request,
  }) => {
    const admin = await signInAsAdmin(request);
    const vendor = await signInAsNewVendor(request, admin.api);
    const token = admin.session.token;
    const email = `${unique('marta.rojas.')}@andes.cl`.toLowerCase();
    const mine = await createRequest(request, token, unique('Marta mía '), email);
    await admin.api.assignVendor(mine._id, vendor.session.userId);
    const others: string[] = [];
    for (const status of ['new request', 'contacted', 'quote sent'] as const) {
      const created = await createRequest(request, token, unique('Marta ajena '), email);
      await admin.api.assignVendor(created._id, admin.session.userId);
      await moveTo(request, token, created, status);
      others.push(created.name);
    }

    await openAs(page, vendor.session);
    await expect(board(page)).toBeVisible();
    await chooseMine(page);
    await page.getByRole('searchbox', { name: 'Buscar' }).fill(email);

    const hidden = page.getByText('3 más con otros ejecutivos');
    await expect(hidden).toBeVisible();
    await expect(card(page, mine.name)).toBeVisible();
    for (const name of others) await expect(card(page, name)).toHaveCount(0);
    await snap(page, 'board-filters-03-search-hidden');

    await page.getByRole('button', { name: /^Ver todas/ }).click();

    for (const name of [mine.name, ...others]) await expect(card(page, name)).toBeVisible();
    await expect(hidden).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(email)}$`));
    await expect(page.getByRole('searchbox', { name: 'Buscar' })).toHaveValue(email);
    await expect(executive(page).locator('option:checked')).toHaveText('Todos los ejecutivos');
    await snap(page, 'board-filters-04-search-all');
  });
});
