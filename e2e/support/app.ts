import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import {
  api,
  loginResponseSchema,
  pathOf,
  STORAGE_KEYS,
  type Activity,
  type AddActivityBody,
  type Request,
  type Role,
  type User,
} from '@crm/shared';
import { ADMIN, ARTIFACTS_DIR } from './stack.js';

let seq = 0;
/** Unique per run and per call, so scenarios never collide on the one test database. */
export function unique(prefix: string): string {
  seq += 1;
  return `${prefix}${Date.now().toString(36)}${seq}`;
}
export const uniqueEmail = (prefix: string) => `${unique(prefix)}@crm.test`.toLowerCase();

/** The `YYYY-MM-DD` of `days` from now in this machine's zone (the browser's and the API's). */
export const dayFromNow = (days: number) =>
  new Intl.DateTimeFormat('en-CA').format(new Date(Date.now() + days * 24 * 60 * 60 * 1000));

/** A screenshot of what the person sees now, kept in e2e/artifacts/ (git-ignored). */
export async function snap(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, `${name}.png`) });
}

/** Ticks the real ALTCHA widget and waits for its proof of work to be accepted. */
export async function solveCaptcha(page: Page): Promise<void> {
  await page.locator('altcha-widget input[type=checkbox]').click({ force: true });
  await page.waitForFunction(
    () =>
      document
        .querySelector<HTMLElement & { getState?: () => string }>('altcha-widget')
        ?.getState?.() === 'verified',
  );
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel('Correo').fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
}

/**
 * Signs in through the login screen and waits for the board. Only for scenarios about signing in
 * (login.spec.ts, session.spec.ts, a changed password): the others start from `signInByApi` and
 * `openAs`, which skip the screen's page load, captcha and redirect (about a second each).
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await fillLogin(page, email, password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  // A vendor's first board is "Mis solicitudes" (issue 25): `?vendor=me` in the address.
  await expect(page).toHaveURL(/\/main\/requests(\?vendor=me)?$/);
  await expect(board(page)).toBeVisible();
}

export const board = (page: Page) => page.getByTestId('board');
export const column = (page: Page, title: string) => page.getByRole('region', { name: title });
export const card = (page: Page, name: string) =>
  page.getByRole('article', { name: new RegExp(`: ${name}$`) });
export const editDialog = (page: Page) => page.getByRole('dialog', { name: 'Editar solicitud' });
/** A notice at the bottom right (react-toastify, issue 25), announced politely (role="status"). */
export const notice = (page: Page, text: string) =>
  page.getByRole('status').filter({ hasText: text });

/** The signed-in person's user id, as the web app keeps it. */
export async function userIdOf(page: Page): Promise<string> {
  const id = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userId);
  if (!id) throw new Error('no user id stored');
  return id;
}

/** Runs `run` over `items`, `size` at a time (seeding many requests without a stampede). */
export async function inBatches<T, R>(
  items: readonly T[],
  size: number,
  run: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) {
    results.push(...(await Promise.all(items.slice(start, start + size).map(run))));
  }
  return results;
}

/** The session token the web app keeps, for calling the API as that person. */
export async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token);
  if (!token) throw new Error('no session token stored');
  return token;
}

/**
 * The API as a signed-in person, for arranging data a scenario starts from (the scenario
 * itself goes through the screens).
 */
export function apiAs(request: APIRequestContext, token: string) {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    async createUser(fields: {
      name: string;
      lastName: string;
      email: string;
      password: string;
      role: Role;
    }): Promise<User> {
      const res = await request.post(pathOf(api.users.create), {
        headers,
        data: { ...fields, photo: '' },
      });
      expect(res.status(), await res.text()).toBe(api.users.create.status);
      return api.users.create.response.parse(await res.json());
    },
    async createRequest(name: string): Promise<Request> {
      const res = await request.post(pathOf(api.requests.create), {
        headers,
        data: {
          name,
          email: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}@example.com`,
          requestType: 'otro',
          message: 'Hola',
        },
      });
      expect(res.status(), await res.text()).toBe(api.requests.create.status);
      return api.requests.create.response.parse(await res.json());
    },
    async assignVendor(formId: string, vendorId: string | null): Promise<Request> {
      const res = await request.put(pathOf(api.requests.assignVendor), {
        headers,
        data: { formId, vendorId },
      });
      expect(res.status(), await res.text()).toBe(api.requests.assignVendor.status);
      return api.requests.assignVendor.response.parse(await res.json());
    },
    async addActivity(requestId: string, activity: AddActivityBody): Promise<Activity> {
      const res = await request.post(pathOf(api.activities.add, { id: requestId }), {
        headers,
        data: activity,
      });
      expect(res.status(), await res.text()).toBe(api.activities.add.status);
      return api.activities.add.response.parse(await res.json());
    },
    async requests(): Promise<Request[]> {
      const res = await request.get(pathOf(api.requests.list), { headers });
      expect(res.status()).toBe(200);
      return api.requests.list.response.parse(await res.json());
    },
    getRequests: () => request.get(pathOf(api.requests.list), { headers }),
  };
}

/** The stored session of §3: what the web app keeps in localStorage once signed in. */
export type Session = { token: string; userId: string };

/** Solves a challenge of the API's captcha here in Node, as the ALTCHA widget does in the page. */
async function solvedCaptcha(request: APIRequestContext): Promise<string> {
  const res = await request.get(pathOf(api.captcha.challenge));
  expect(res.status(), await res.text()).toBe(api.captcha.challenge.status);
  // The contract's schema checks the fields the solver reads; the library types the rest.
  const challenge = api.captcha.challenge.response.parse(await res.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the captcha challenge could not be solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * Signs in through the API (the login the screen posts, with a solved captcha) without a page;
 * returns the session the web app would store and the API as that person.
 */
export async function signInByApi(request: APIRequestContext, email: string, password: string) {
  const res = await request.post(pathOf(api.auth.login), {
    data: { email, password, altcha: await solvedCaptcha(request) },
  });
  expect(res.status(), await res.text()).toBe(api.auth.login.status);
  // A user without a second factor (issue 32): §7's token and user.
  const { token, user } = loginResponseSchema.parse(await res.json());
  const session: Session = { token, userId: user._id };
  // Issue 25: a vendor's first board is "Mis solicitudes". These scenarios see the whole board,
  // as the person would after choosing "Todos los ejecutivos" once.
  const remembered = await request.put(pathOf(api.boardViews.putFilters), {
    headers: { Authorization: `Bearer ${token}` },
    data: {},
  });
  expect(remembered.status(), await remembered.text()).toBe(api.boardViews.putFilters.status);
  return { session, api: apiAs(request, token) };
}

/** The first admin, signed in through the API. */
export const signInAsAdmin = (request: APIRequestContext) =>
  signInByApi(request, ADMIN.email, ADMIN.password);

/**
 * A vendor of the scenario's own (a new email), made by the admin (`admin`, else signed in here)
 * and signed in through the API: what they see and count is only what the scenario gives them.
 */
export async function signInAsNewVendor(
  request: APIRequestContext,
  admin?: ReturnType<typeof apiAs>,
) {
  const email = uniqueEmail('vendor');
  const password = 'Vendor.Pass#1';
  await (admin ?? (await signInAsAdmin(request)).api).createUser({
    name: 'Vera',
    lastName: 'Vendedora',
    email,
    password,
    role: 'vendor',
  });
  return signInByApi(request, email, password);
}

/**
 * Opens `route` as a person whose browser keeps `session` (§3): it is stored before the app
 * starts, on this load and every later one (a reload, a `goto`), so not for scenarios that sign
 * out and back in.
 */
export async function openAs(page: Page, session: Session, route = '/main/requests') {
  // Issue 25: a board address without filters restores the person's remembered ones, which an
  // earlier scenario of the same person may have changed; each scenario starts from the whole board.
  const reset = await page.request.put(pathOf(api.boardViews.putFilters), {
    headers: { Authorization: `Bearer ${session.token}` },
    data: {},
  });
  expect(reset.status(), await reset.text()).toBe(api.boardViews.putFilters.status);
  await page.addInitScript(
    ({ keys, token, userId }) => {
      localStorage.setItem(keys.token, token);
      localStorage.setItem(keys.userId, userId);
    },
    { keys: STORAGE_KEYS, ...session },
  );
  await page.goto(route);
}

/** As the admin: a request called `name`, made through the API, then `route` opened. */
export async function openAsAdminWithRequest(
  page: Page,
  request: APIRequestContext,
  name: string,
  route?: string,
) {
  const admin = await signInAsAdmin(request);
  await admin.api.createRequest(name);
  await openAs(page, admin.session, route);
  return admin;
}

/**
 * Presses the mouse on `source` and moves it past the activation distance, until the card says it
 * is picked up. A board that has just opened can still move its cards (the search's answer
 * replacing the first page, a row of filters arriving above): a press read from a box taken a
 * moment earlier then lands beside the card and nothing is picked up. So the press waits for the
 * card to stand still under the pointer, and a press that picked nothing up is let go and made again.
 */
async function pickUp(page: Page, source: Locator) {
  await expect(async () => {
    const seen = await source.boundingBox();
    if (!seen) throw new Error('card not on screen');
    await source.hover({ position: { x: seen.width / 2, y: 20 } });
    const from = await source.boundingBox();
    if (!from) throw new Error('card not on screen');
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 12, from.y + 26, { steps: 4 });
    try {
      await expect(source).toHaveAttribute('data-dragging', 'true', { timeout: 3_000 });
    } catch (missed) {
      await page.mouse.up();
      throw missed;
    }
  }).toPass({ timeout: 20_000 });
}

/** Drags `source` onto `target` with the mouse, in small steps as a person would. */
export async function dragWithMouse(
  page: Page,
  source: Locator,
  target: Locator,
  screenshot = 'moves-e2e-01-dragging',
) {
  await pickUp(page, source);
  const to = await target.boundingBox();
  if (!to) throw new Error('column not on screen');
  const x = to.x + to.width / 2;
  const y = to.y + 160;
  await page.mouse.move(x, y, { steps: 12 });
  // dnd-kit measures the columns just after the pickup and looks at what lies under the pointer
  // only when the pointer moves; on a loaded machine the last move can come before that
  // measurement, so the hand keeps moving a little, as a person's does, until the column answers.
  await expect(async () => {
    await page.mouse.move(x + 2, y + 2);
    await page.mouse.move(x, y);
    await expect(target).toHaveAttribute('data-drop-target', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await snap(page, screenshot);
  await page.mouse.up();
}
