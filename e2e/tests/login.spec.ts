import { expect, test } from '@playwright/test';
import { LOGIN_MESSAGES } from '@crm/shared';
import { fillLogin, snap, solveCaptcha } from '../support/app.js';
import { ADMIN } from '../support/stack.js';

test.describe('login', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Iniciar sesión' })).toBeVisible();
  });

  test('a wrong password is refused with "Wrong email or password"', async ({ page }) => {
    await snap(page, 'login-01-empty');
    await fillLogin(page, ADMIN.email, 'Not.The.Password1');
    await solveCaptcha(page);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: LOGIN_MESSAGES.wrongCredentials }),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
    await snap(page, 'login-02-wrong-password');
  });

  test('a badly formed email, an empty password and an unsolved captcha are each named', async ({
    page,
  }) => {
    await fillLogin(page, 'not-an-email', '');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText(LOGIN_MESSAGES.invalidEmail)).toBeVisible();
    await expect(page.getByText(LOGIN_MESSAGES.emptyPassword)).toBeVisible();
    await expect(page.getByText(LOGIN_MESSAGES.captchaRequired)).toBeVisible();
    await snap(page, 'login-03-field-errors');

    // With the fields right but the captcha still not done, only the captcha message is left.
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page.getByText(LOGIN_MESSAGES.captchaRequired)).toBeVisible();
    await expect(page.getByText(LOGIN_MESSAGES.invalidEmail)).toHaveCount(0);
    await expect(page.getByText(LOGIN_MESSAGES.emptyPassword)).toHaveCount(0);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the right credentials and a solved captcha open the board', async ({ page }) => {
    await fillLogin(page, ADMIN.email, ADMIN.password);
    await solveCaptcha(page);
    await snap(page, 'login-04-captcha-solved');
    await page.getByRole('button', { name: 'Ingresar' }).click();
    await expect(page).toHaveURL(/\/main\/requests$/);
    for (const title of [
      'NUEVA SOLICITUD',
      'CONTACTADO',
      'COTIZACIÓN ENVIADA',
      'EN ESPERA',
      'CERRADO',
    ]) {
      await expect(page.getByRole('region', { name: title })).toBeVisible();
    }
    await expect(page.getByText(`Hi, ${ADMIN.name} ${ADMIN.lastName.charAt(0)}`)).toBeVisible();
    await snap(page, 'board-01-admin');
  });
});
