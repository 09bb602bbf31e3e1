import { expect, test } from '@playwright/test';
import { API_MESSAGES, STORAGE_KEYS } from '@crm/shared';
import { apiAs, board, signIn, signInAsAdmin, snap, tokenOf, uniqueEmail } from '../support/app.js';

test.describe('session', () => {
  test('logout returns to /login and the old token no longer works against the API', async ({
    page,
    request,
  }) => {
    // A person of this test's own, so ending their session touches nobody else's. (The admin
    // who creates them signs in through the API; this person through the screen.)
    const { api: admin } = await signInAsAdmin(request);
    const person = {
      name: 'Sara',
      lastName: 'Salida',
      email: uniqueEmail('session'),
      password: 'Session.Pass#1',
      role: 'vendor' as const,
    };
    await admin.createUser(person);

    await signIn(page, person.email, person.password);
    await expect(page.getByText('Hi, Sara S')).toBeVisible();
    const oldToken = await tokenOf(page);
    const userId = await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.userId);
    expect(userId).toBeTruthy();
    const asOld = apiAs(request, oldToken);
    // The token works before the logout.
    expect((await asOld.getRequests()).status()).toBe(200);
    await snap(page, 'session-01-signed-in');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(board(page)).toHaveCount(0);
    // The web app forgot the session.
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeNull();
    await snap(page, 'session-02-logged-out');

    // The API refuses the old token from now on.
    const refused = await asOld.getRequests();
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({ message: API_MESSAGES.sessionExpired });

    // And the board is out of reach: typing its address lands on the login screen.
    await page.goto('/main/requests');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    await expect(board(page)).toHaveCount(0);
    await snap(page, 'session-03-board-url-after-logout');

    // Even with the old session put back by hand, the web app is sent back to /login: the API
    // answers 401 and the app ends the session.
    await page.evaluate(
      ({ keys, token, id }) => {
        localStorage.setItem(keys.token, token);
        localStorage.setItem(keys.userId, id ?? '');
      },
      { keys: STORAGE_KEYS, token: oldToken, id: userId },
    );
    await page.goto('/main/requests');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), STORAGE_KEYS.token)).toBeNull();
  });
});
