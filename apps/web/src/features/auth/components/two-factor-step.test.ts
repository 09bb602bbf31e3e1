import { screen, waitFor } from '@testing-library/dom';
import { Secret, TOTP } from 'otpauth';
import { afterEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS, TWO_FACTOR_MESSAGES } from '@crm/shared';
import { installAltchaDouble } from '../../../test/altcha-double';
import { addUser, twoFactorFake, type StoredUser } from '../../../test/fake-api';
import { clearPage, mountInPage } from '../../../test/page';
import { mountLoginScreen } from './login-screen';
import { setupUser } from '../../../test/user';

// Issue 32: the login's code step, after the password, for a user with a second factor.

afterEach(clearPage);

const SECRET = new Secret({ size: 20 }).base32;
const RECOVERY = 'k7m2-9qx4-hc3d';

/** A user with two-factor sign-in on (the fake's record of it, as an enrolment leaves it). */
function userWithTwoFactor(): StoredUser {
  const user = addUser({ role: 'vendor' });
  twoFactorFake.users.set(user._id, {
    secret: SECRET,
    enabledAt: '2026-11-01T10:00:00.000Z',
    lastStep: -1,
    recovery: [RECOVERY.replace(/-/g, '')],
  });
  return user;
}

/** Signs in with the password at /login: the code step should follow. */
async function passwordStep(email: string) {
  window.history.replaceState(null, '', '/login');
  mountInPage((root) => mountLoginScreen(root, { loadCaptcha: installAltchaDouble }));
  const user = setupUser();
  await user.type(screen.getByLabelText('Correo'), email);
  await user.type(screen.getByLabelText('Contraseña'), 'Secreto.123');
  await user.click(screen.getByLabelText('No soy un robot'));
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
  await screen.findByRole('heading', { name: 'Verificación en dos pasos' });
  return user;
}

const signedIn = () => localStorage.getItem(STORAGE_KEYS.token);

describe('login: the code step (issue 32)', () => {
  it('asks for the app’s code with a numeric, one-time-code field; a wrong one is told in Spanish; the right one signs in', async () => {
    const person = userWithTwoFactor();
    const user = await passwordStep(person.email);
    expect(signedIn()).toBeNull();
    const code = screen.getByLabelText('Código de verificación');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(screen.getByText(TWO_FACTOR_MESSAGES.codeFormat)).toBeInTheDocument();

    const wrong = TOTP.generate({
      secret: Secret.fromBase32(SECRET),
      timestamp: Date.now() + 600_000,
    });
    await user.clear(code);
    await user.type(code, wrong);
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeInTheDocument();
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(signedIn()).toBeNull();

    await user.clear(code);
    await user.type(code, TOTP.generate({ secret: Secret.fromBase32(SECRET) }));
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(signedIn()).toMatch(/^token-/));
  });

  it('offers a recovery code instead, which signs in once', async () => {
    const person = userWithTwoFactor();
    const user = await passwordStep(person.email);
    await user.click(screen.getByRole('button', { name: 'Usar un código de recuperación' }));
    const field = screen.getByLabelText('Código de recuperación');
    expect(field).not.toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(field, RECOVERY.toUpperCase());
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await waitFor(() => expect(signedIn()).toMatch(/^token-/));
  });

  it('when the challenge has lapsed, says so and goes back to the password', async () => {
    const person = userWithTwoFactor();
    const user = await passwordStep(person.email);
    twoFactorFake.challenges.clear();
    await user.type(screen.getByLabelText('Código de verificación'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      TWO_FACTOR_MESSAGES.challengeExpired,
    );
    await user.click(screen.getByRole('button', { name: 'Volver a iniciar sesión' }));
    expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByLabelText('Contraseña')).toHaveValue('');
  });

  it('when the administrator requires it past the grace, shows the QR code and secret, then the recovery codes once, then signs in', async () => {
    twoFactorFake.policy = { require: 'everyone', graceDays: 0 };
    const person = addUser({ role: 'driver' });
    const user = await passwordStep(person.email);
    expect(screen.getByText(/Actívala ahora para entrar/)).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: 'Código QR para tu aplicación de autenticación' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = screen.getByText(/^[A-Z2-7]{32}$/).textContent ?? '';
    expect(screen.queryByRole('button', { name: 'Usar un código de recuperación' })).toBeNull();

    await user.type(
      screen.getByLabelText('Código de verificación'),
      TOTP.generate({ secret: Secret.fromBase32(secret) }),
    );
    await user.click(screen.getByRole('button', { name: 'Verificar' }));
    await screen.findByRole('heading', { name: 'Tus códigos de recuperación' });
    expect(screen.getAllByRole('listitem')).toHaveLength(10);
    expect(screen.getByRole('link', { name: 'Descargar' })).toHaveAttribute(
      'download',
      'codigos-de-recuperacion.txt',
    );
    // Not signed in until the codes are put away.
    expect(signedIn()).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Ya los guardé' }));
    expect(signedIn()).toMatch(/^token-/);
  });

  it('when the administrator requires it within the grace, signs in and opens Perfil', async () => {
    twoFactorFake.policy = { require: 'everyone', graceDays: 7 };
    const person = addUser({ role: 'vendor' });
    window.history.replaceState(null, '', '/login');
    mountInPage((root) => mountLoginScreen(root, { loadCaptcha: installAltchaDouble }));
    const user = setupUser();
    await user.type(screen.getByLabelText('Correo'), person.email);
    await user.type(screen.getByLabelText('Contraseña'), 'Secreto.123');
    await user.click(screen.getByLabelText('No soy un robot'));
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    await waitFor(() => expect(signedIn()).toMatch(/^token-/));
    expect(window.location.pathname).toBe('/main/profile');
  });
});
