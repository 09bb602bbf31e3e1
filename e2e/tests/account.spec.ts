import { expect, test } from '@playwright/test';
import { ACCOUNT_LINK_PATHS, ACCOUNT_MESSAGES, API_MESSAGES, PROFILE_LABELS } from '@crm/shared';
import {
  apiAs,
  board,
  card,
  openAs,
  signIn,
  signInAsAdmin,
  signInByApi,
  snap,
  solveCaptcha,
  uniqueEmail,
} from '../support/app.js';
import { linkMailedTo } from '../support/mail.js';

// Issue 23: a forgotten password and a new colleague's first password need no admin. The mails
// go through a real SMTP server of the stack's own (support/mail.ts), read as the person would.

test.describe('accounts', () => {
  test('a forgotten password: ask on the login screen, follow the mailed link, set a new one, sign in with it; the old session elsewhere is signed out', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const { api: admin } = await signInAsAdmin(request);
    const person = {
      name: 'Olga',
      lastName: 'Olvido',
      email: uniqueEmail('forgot'),
      password: 'Forgot.Old#1',
      role: 'vendor' as const,
    };
    await admin.createUser(person);

    // Signed in on another device, before the reset.
    const elsewhere = await browser.newContext();
    const otherPage = await elsewhere.newPage();
    const old = await signInByApi(request, person.email, person.password);
    await openAs(otherPage, old.session);
    await expect(board(otherPage)).toBeVisible();

    await page.goto('/login');
    await page.getByRole('link', { name: PROFILE_LABELS.forgot }).click();
    await expect(page).toHaveURL(/\/recuperar-contrasena$/);
    await expect(page.getByRole('heading', { name: PROFILE_LABELS.forgotHeading })).toBeVisible();
    await page.getByLabel(PROFILE_LABELS.email).fill(person.email);
    await solveCaptcha(page);
    await page.getByRole('button', { name: PROFILE_LABELS.forgotSend }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.forgotSent)).toBeVisible();
    await snap(page, 'account-01-forgot-sent');

    const link = await linkMailedTo(baseURL ?? '', person.email, ACCOUNT_LINK_PATHS.reset);
    expect(link).toContain(`${ACCOUNT_LINK_PATHS.reset}?token=`);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: PROFILE_LABELS.resetHeading })).toBeVisible();
    const newPassword = 'Forgot.New#2';
    await page.getByLabel(PROFILE_LABELS.newPassword, { exact: true }).fill(newPassword);
    await page.getByLabel(PROFILE_LABELS.confirmPassword, { exact: true }).fill(newPassword);
    await page.getByRole('button', { name: PROFILE_LABELS.save }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.passwordReset)).toBeVisible();
    await snap(page, 'account-02-password-reset');

    // The link is used up: opened again, it says so and offers a new one.
    await page.goto(link);
    await expect(page.getByText(ACCOUNT_MESSAGES.tokenInvalid)).toBeVisible();
    await expect(page.getByRole('link', { name: ACCOUNT_MESSAGES.askAgain })).toBeVisible();

    // The old session is over: its token is refused and its page goes back to the login.
    expect((await apiAs(request, old.session.token).getRequests()).status()).toBe(401);
    await otherPage.reload();
    await expect(otherPage).toHaveURL(/\/login$/);
    await elsewhere.close();

    // The new password opens the account (the old one's refusal is an API test's).
    await signIn(page, person.email, newPassword);
    await expect(board(page)).toBeVisible();
    await snap(page, 'account-03-signed-in-with-new-password');
  });

  test('an invitation: the admin invites from the users screen, the colleague sets their own password from the mail and signs in', async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const admin = await signInAsAdmin(request);
    await openAs(page, admin.session, '/main/users');
    await page.getByRole('button', { name: 'Crear Usuario' }).click();
    const form = page.getByRole('form', { name: 'Create new user' });
    const email = uniqueEmail('invited');
    await form.getByLabel('Rol*').selectOption('vendor');
    await form.getByLabel('Nombre*').fill('Iris');
    await form.getByLabel('Apellido*').fill('Invitada');
    await form.getByLabel('Correo*').fill(email);
    await form.getByRole('radio', { name: PROFILE_LABELS.sendInvitation }).check();
    await expect(form.getByLabel('Contraseña*', { exact: true })).toHaveCount(0);
    await form.getByRole('button', { name: PROFILE_LABELS.sendInvitation }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.invitationSent(email))).toBeVisible();
    // §2: the form stays open, reset, for the next one; the list is behind "Cancelar".
    await page.getByRole('button', { name: 'Cancelar' }).click();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row.getByText(PROFILE_LABELS.invitationPending)).toBeVisible();
    await snap(page, 'account-04-invitation-pending');

    // Until they set a password, nobody can sign in as them.
    const link = await linkMailedTo(baseURL ?? '', email, ACCOUNT_LINK_PATHS.invite);
    const colleague = await browser.newContext();
    const theirPage = await colleague.newPage();
    await theirPage.goto(link);
    await expect(
      theirPage.getByRole('heading', { name: PROFILE_LABELS.inviteHeading }),
    ).toBeVisible();
    const password = 'Invited.Pass#1';
    await theirPage.getByLabel(PROFILE_LABELS.newPassword, { exact: true }).fill(password);
    await theirPage.getByLabel(PROFILE_LABELS.confirmPassword, { exact: true }).fill(password);
    await theirPage.getByRole('button', { name: PROFILE_LABELS.save }).click();
    await expect(theirPage.getByText(ACCOUNT_MESSAGES.invitationAccepted)).toBeVisible();
    await signIn(theirPage, email, password);
    await expect(theirPage.getByText('Hi, Iris I')).toBeVisible();
    await snap(theirPage, 'account-05-invited-signed-in');
    await colleague.close();

    // The admin's list no longer calls it pending.
    await page.reload();
    await expect(page.getByRole('row').filter({ hasText: email })).toBeVisible();
    await expect(
      page.getByRole('row').filter({ hasText: email }).getByText(PROFILE_LABELS.invitationPending),
    ).toHaveCount(0);
  });

  test('a changed password on Perfil signs out the other sessions, and the API says why', async ({
    page,
    request,
  }) => {
    const { api: admin } = await signInAsAdmin(request);
    const person = {
      name: 'Pablo',
      lastName: 'Perfil',
      email: uniqueEmail('profile'),
      password: 'Profile.Old#1',
      role: 'vendor' as const,
    };
    await admin.createUser(person);
    const here = await signInByApi(request, person.email, person.password);
    const there = await signInByApi(request, person.email, person.password);

    await openAs(page, here.session, '/main/profile');
    await expect(
      page.getByRole('heading', { name: PROFILE_LABELS.heading, level: 1 }),
    ).toBeVisible();
    const sessions = page.getByRole('region', { name: PROFILE_LABELS.sessions });
    await expect(sessions.getByText(PROFILE_LABELS.thisSession)).toBeVisible();

    const passwordCard = page.getByRole('region', { name: PROFILE_LABELS.password, exact: true });
    await passwordCard.getByLabel(PROFILE_LABELS.currentPassword).fill(person.password);
    await passwordCard.getByLabel(PROFILE_LABELS.newPassword).fill('Profile.New#2');
    await passwordCard.getByLabel(PROFILE_LABELS.confirmPassword).fill('Profile.New#2');
    await passwordCard.getByRole('button', { name: PROFILE_LABELS.changePassword }).click();
    await expect(page.getByText(ACCOUNT_MESSAGES.passwordChanged).first()).toBeVisible();
    await snap(page, 'account-06-password-changed');

    // This session goes on; the other one is over.
    expect((await apiAs(request, here.session.token).getRequests()).status()).toBe(200);
    const refused = await apiAs(request, there.session.token).getRequests();
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toMatchObject({ message: API_MESSAGES.sessionExpired });
  });

  test('a photo uploaded on Perfil is the avatar of their cards, after a reload too', async ({
    page,
    request,
  }) => {
    const admin = await signInAsAdmin(request);
    const email = uniqueEmail('photo');
    const password = 'Photo.Pass#1';
    await admin.api.createUser({
      name: 'Fabiola',
      lastName: 'Foto',
      email,
      password,
      role: 'vendor',
    });
    const vendor = await signInByApi(request, email, password);
    const mine = await admin.api.createRequest('Cliente con foto');
    await admin.api.assignVendor(mine._id, vendor.session.userId);

    await openAs(page, vendor.session, '/main/profile');
    await expect(
      page.getByRole('heading', { name: PROFILE_LABELS.heading, level: 1 }),
    ).toBeVisible();
    // A real PNG, drawn by the browser itself.
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 320;
      canvas.height = 200;
      const draw = canvas.getContext('2d');
      if (!draw) throw new Error('no 2d context');
      draw.fillStyle = '#4f46e5';
      draw.fillRect(0, 0, 320, 200);
      draw.fillStyle = '#fbbf24';
      draw.fillRect(110, 50, 100, 100);
      return canvas.toDataURL('image/png').split(',')[1] ?? '';
    });
    await page.getByLabel(PROFILE_LABELS.changePhoto).setInputFiles({
      name: 'yo.png',
      mimeType: 'image/png',
      buffer: Buffer.from(png, 'base64'),
    });
    await expect(page.getByText(ACCOUNT_MESSAGES.photoSaved)).toBeVisible();
    await snap(page, 'account-07-photo-on-perfil');

    await page.goto('/main/requests');
    await page.reload();
    const avatar = card(page, 'Cliente con foto').locator('img[src^="/api/photos/"]');
    await expect(avatar).toBeVisible();
    // Loaded for real (not a broken image): the stored 256×256 WebP.
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(256);
    await snap(page, 'account-08-photo-on-card');
  });
});
