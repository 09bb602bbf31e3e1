import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { CREATE_USER_MESSAGES, LOGIN_MESSAGES, USER_MESSAGES } from '@crm/shared';
import {
  fillLogin,
  notice,
  openAs,
  signIn,
  signInAsAdmin,
  signInByApi,
  snap,
  solveCaptcha,
  uniqueEmail,
} from '../support/app.js';
import { ADMIN } from '../support/stack.js';

type Person = { name: string; lastName: string; email: string; password: string };

const vendor: Person = {
  name: 'Valeria',
  lastName: 'Ventas',
  email: uniqueEmail('vendedora'),
  password: 'Vendedora.26',
};
const driver: Person = {
  name: 'Diego',
  lastName: 'Ruta',
  email: uniqueEmail('chofer'),
  password: 'Chofer#2026',
};
const fullName = (person: Person) => `${person.name} ${person.lastName}`;

/** Signs the admin in, opens the board and goes to "Usuarios" through the menu. */
async function openUsersAsAdmin(page: Page, request: APIRequestContext): Promise<void> {
  await openAs(page, (await signInAsAdmin(request)).session);
  await page
    .getByRole('navigation', { name: 'Principal' })
    .getByRole('link', { name: 'Usuarios' })
    .click();
  await expect(page).toHaveURL(/\/main\/users$/);
  await expect(page.getByRole('heading', { name: 'Usuarios' })).toBeVisible();
}

async function fillNewUser(page: Page, person: Person, role: string, confirm = person.password) {
  const form = page.getByRole('form', { name: 'Create new user' });
  await form.getByLabel('Rol*').selectOption(role);
  await form.getByLabel('Nombre*').fill(person.name);
  await form.getByLabel('Apellido*').fill(person.lastName);
  await form.getByLabel('Correo*').fill(person.email);
  await form.getByLabel('Contraseña*', { exact: true }).fill(person.password);
  await form.getByLabel('Confirmar Contraseña*').fill(confirm);
}

// One story in order: the accounts made in the first test are used by the next ones.
test.describe.serial('user administration', () => {
  test('an admin creates a vendor and a driver, held to the password rule', async ({
    page,
    request,
  }) => {
    await openUsersAsAdmin(page, request);
    await snap(page, 'users-01-list');

    await page.getByRole('button', { name: 'Crear Usuario' }).click();
    const form = page.getByRole('form', { name: 'Create new user' });
    await expect(form).toBeVisible();
    // While the form is open the list is not shown (§2).
    await expect(page.getByText(ADMIN.email)).toHaveCount(0);

    // A weak password, then a confirmation that does not match: each gets its §5 message.
    await fillNewUser(page, { ...vendor, password: 'weakpass' }, 'vendor', 'weakpass');
    await form.getByRole('button', { name: 'Crear' }).click();
    await expect(form.getByText(CREATE_USER_MESSAGES.passwordRule)).toBeVisible();
    await expect(form.getByRole('alert').filter({ hasText: 'Corregir Errores' })).toBeVisible();
    await snap(page, 'users-02-password-rule');
    await fillNewUser(page, vendor, 'vendor', `${vendor.password}x`);
    await expect(form.getByText(CREATE_USER_MESSAGES.passwordsDoNotMatch)).toBeVisible();
    await expect(form.getByText(CREATE_USER_MESSAGES.passwordRule)).toHaveCount(0);

    await fillNewUser(page, vendor, 'vendor');
    await form.getByRole('button', { name: 'Crear' }).click();
    await expect(notice(page, USER_MESSAGES.created)).toBeVisible();
    // The form empties itself a moment after the notice (the call's own success, then the
    // form's): filled before that, the role chosen for the next user was reset under load.
    await expect(form.getByLabel('Correo*')).toHaveValue('');
    await snap(page, 'users-03-created');

    await fillNewUser(page, driver, 'driver');
    await form.getByRole('button', { name: 'Crear' }).click();
    await expect(notice(page, USER_MESSAGES.created).last()).toBeVisible();

    await page.getByRole('button', { name: 'Cancelar' }).click();
    for (const [person, role] of [
      [vendor, 'vendor'],
      [driver, 'driver'],
    ] as const) {
      const row = page.getByRole('row').filter({ hasText: person.email });
      await expect(row).toContainText(fullName(person));
      await expect(row).toContainText(role);
    }
    await snap(page, 'users-04-list-with-new-users');
  });

  test('the vendor signs in without a "Usuarios" link and cannot open the user list', async ({
    page,
    request,
  }) => {
    await openAs(page, (await signInByApi(request, vendor.email, vendor.password)).session);
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav.getByRole('link', { name: 'Solicitudes' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Inicio' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Usuarios' })).toHaveCount(0);
    await expect(page.getByText(`Hi, ${vendor.name} ${vendor.lastName.charAt(0)}`)).toBeVisible();
    await snap(page, 'board-02-vendor');

    await page.goto('/main/users');
    await expect(page).toHaveURL(/\/main\/home$/);
    await expect(page.getByRole('heading', { name: 'Usuarios' })).toHaveCount(0);
    await expect(page.getByText(driver.email)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Crear Usuario' })).toHaveCount(0);
    await snap(page, 'users-05-vendor-typed-users-url');
  });

  test('an admin changes a password with "Change Password?"; the user signs in with the new one', async ({
    page,
    browser,
    request,
  }) => {
    const newPassword = 'Nueva.Clave9';
    await openUsersAsAdmin(page, request);
    await page.getByRole('button', { name: `Editar ${fullName(driver)}` }).click();
    const modal = page.getByRole('dialog', { name: 'Edit User' });
    await expect(modal.getByLabel('Email')).toHaveValue(driver.email);
    await modal.getByLabel('Change Password?').check();
    await modal.getByLabel('Password', { exact: true }).fill('short');
    await modal.getByLabel('Confirm password').fill('short');
    // Checked as typed: the rule shows and "Update" gives way to "Fix errors".
    await expect(modal.getByText(CREATE_USER_MESSAGES.passwordRule)).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Fix errors' })).toBeVisible();
    await expect(modal.getByRole('button', { name: 'Update' })).toHaveCount(0);
    await snap(page, 'users-06-edit-password-rule');

    await modal.getByLabel('Password', { exact: true }).fill(newPassword);
    await modal.getByLabel('Confirm password').fill(newPassword);
    await modal.getByRole('button', { name: 'Update' }).click();
    await expect(notice(page, USER_MESSAGES.updated)).toBeVisible();
    await expect(modal).toHaveCount(0);
    await snap(page, 'users-07-updated');

    // The driver, on another browser: the old password no longer opens, the new one does.
    const context = await browser.newContext();
    const driverPage = await context.newPage();
    await driverPage.goto('/login');
    await fillLogin(driverPage, driver.email, driver.password);
    await solveCaptcha(driverPage);
    await driverPage.getByRole('button', { name: 'Ingresar' }).click();
    await expect(driverPage.getByText(LOGIN_MESSAGES.wrongCredentials)).toBeVisible();
    await signIn(driverPage, driver.email, newPassword);
    await expect(
      driverPage.getByText(`Hi, ${driver.name} ${driver.lastName.charAt(0)}`),
    ).toBeVisible();
    await context.close();
  });

  test('an admin deletes a user through the confirmation at the top centre', async ({
    page,
    request,
  }) => {
    await openUsersAsAdmin(page, request);
    await page.getByRole('button', { name: `Eliminar ${fullName(driver)}` }).click();
    const confirm = page.getByRole('alertdialog', { name: USER_MESSAGES.deleteConfirm });
    await expect(confirm).toBeVisible();

    // Top centre: near the top edge, horizontally centred in the window.
    const box = await confirm.boundingBox();
    const viewport = page.viewportSize();
    if (!box || !viewport) throw new Error('no layout');
    expect(box.y).toBeLessThan(viewport.height * 0.15);
    expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThan(2);
    await snap(page, 'users-08-delete-confirm');

    // Cancel keeps the user; Yes removes it.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('row').filter({ hasText: driver.email })).toBeVisible();
    await page.getByRole('button', { name: `Eliminar ${fullName(driver)}` }).click();
    await confirm.getByRole('button', { name: 'Yes' }).click();
    await expect(notice(page, USER_MESSAGES.deleted)).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: driver.email })).toHaveCount(0);
    await snap(page, 'users-09-deleted');

    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: vendor.email })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: driver.email })).toHaveCount(0);
  });
});
