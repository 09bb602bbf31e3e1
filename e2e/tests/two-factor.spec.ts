import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { TWO_FACTOR_MESSAGES } from '@crm/shared';
import {
  board,
  fillLogin,
  signInAsAdmin,
  snap,
  solveCaptcha,
  uniqueEmail,
} from '../support/app.js';

// Issue 32: two-factor sign-in, as a person does it: turn it on in Perfil with the code an
// authenticator app computes from the secret shown, sign out, sign in with password and code.

/** The code an authenticator app shows for `secret` at `timestamp`. */
const codeAt = (secret: string, timestamp: number) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

test('a vendor turns on two-factor sign-in in Perfil, then signs in with password and code', async ({
  page,
  request,
}) => {
  const admin = await signInAsAdmin(request);
  const email = uniqueEmail('totp');
  const password = 'Vendor.Pass#1';
  await admin.api.createUser({ name: 'Tomás', lastName: 'Totp', email, password, role: 'vendor' });

  // Signed in with the password alone, as before.
  await page.goto('/login');
  await fillLogin(page, email, password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(board(page)).toBeVisible();

  await page.goto('/main/profile');
  const section = page.getByRole('region', { name: 'Verificación en dos pasos' });
  await section.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
  const qr = section.getByRole('img', { name: 'Código QR para tu aplicación de autenticación' });
  await expect(qr).toBeVisible();
  // The QR code is drawn by the API and shown as an image of this page (no other service).
  expect(await qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
  expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const secret = (await section.locator('code').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section.scrollIntoViewIfNeeded();
  await snap(page, 'two-factor-01-perfil-setup');

  const enabledAt = Date.now();
  await section.getByLabel('Código de verificación').fill(codeAt(secret, enabledAt));
  await section.getByRole('button', { name: 'Confirmar y activar' }).click();
  await expect(section.getByText('Tus códigos de recuperación')).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(10);
  await snap(page, 'two-factor-02-recovery-codes');
  await section.getByRole('button', { name: 'Ya los guardé' }).click();
  await expect(section.getByText('Activada', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/login$/);

  // The password now leads to the code step, not to the board.
  await fillLogin(page, email, password);
  await solveCaptcha(page);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
  const code = page.getByLabel('Código de verificación');
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute('autocomplete', 'one-time-code');
  await expect(code).toHaveAttribute('inputmode', 'numeric');

  // A code of another time is refused, in Spanish.
  await code.fill(codeAt(secret, enabledAt + 10 * 60_000));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page.getByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeVisible();
  await snap(page, 'two-factor-03-login-code-step');

  // The code that enabled it is used up; the app's next one (30 s on) signs in.
  await code.fill(codeAt(secret, enabledAt + 30_000));
  await page.getByRole('button', { name: 'Verificar' }).click();
  await expect(page).toHaveURL(/\/main\/requests(\?vendor=me)?$/);
  await expect(board(page)).toBeVisible();
});
