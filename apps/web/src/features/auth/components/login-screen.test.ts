import { screen, waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { LOGIN_MESSAGES, STORAGE_KEYS } from '@crm/shared';
import { installAltchaDouble } from '../../../test/altcha-double';
import { answer, fieldRefusal } from '../../../test/answers';
import { addUser, db, PASSWORD } from '../../../test/fake-api';
import { clearPage, mountInPage } from '../../../test/page';
import { mountLoginScreen } from './login-screen';
import { setupUser } from '../../../test/user';

afterEach(clearPage);

/** The login screen at /login, signed out, as app/signed-out-app.ts shows it, the widget doubled. */
function renderLogin() {
  window.history.replaceState(null, '', '/login');
  mountInPage((root) => mountLoginScreen(root, { loadCaptcha: installAltchaDouble }));
}

function fillLogin(email: string, password: string) {
  const user = setupUser();
  return (async () => {
    if (email) await user.type(screen.getByLabelText('Correo'), email);
    if (password) await user.type(screen.getByLabelText('Contraseña'), password);
    return user;
  })();
}

/** Fills the form, ticks "No soy un robot" and presses "Ingresar". */
async function sendLogin(email: string, password: string) {
  const user = await fillLogin(email, password);
  await user.click(screen.getByLabelText('No soy un robot'));
  await user.click(screen.getByRole('button', { name: 'Ingresar' }));
  return user;
}

describe('login screen (/login)', () => {
  it('shows the heading, the brand panel, the fields and the captcha below the button', () => {
    renderLogin();
    expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByText('CRM')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'CRM logo' })).toBeInTheDocument();
    expect(screen.getByLabelText('Correo')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
    const button = screen.getByRole('button', { name: 'Ingresar' });
    const captcha = screen.getByLabelText('No soy un robot');
    expect(button.compareDocumentPosition(captcha) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('offers "¿Olvidaste tu contraseña?" under the form, the captcha included (issue 23)', () => {
    renderLogin();
    const link = screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' });
    expect(link).toHaveAttribute('href', '/recuperar-contrasena');
    const captcha = screen.getByLabelText('No soy un robot');
    expect(captcha.compareDocumentPosition(link) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('toggles the password between hidden and shown', async () => {
    renderLogin();
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Mostrar contraseña' }));
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Ocultar contraseña' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.click(screen.getByRole('button', { name: 'Ocultar contraseña' }));
    expect(screen.getByLabelText('Contraseña')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Mostrar contraseña' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('when the form is empty, shows the three §5 messages and sends nothing', async () => {
    renderLogin();
    await setupUser().click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(screen.getByText(LOGIN_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(screen.getByText(LOGIN_MESSAGES.emptyPassword)).toBeInTheDocument();
    expect(screen.getByText(LOGIN_MESSAGES.captchaRequired)).toBeInTheDocument();
    expect(db.calls).toHaveLength(0);
  });

  it('when a field is in error, then its message describes it (aria-describedby) until fixed', async () => {
    renderLogin();
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    const email = screen.getByLabelText('Correo');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(LOGIN_MESSAGES.invalidEmail);
    expect(screen.getByLabelText('Contraseña')).toHaveAccessibleDescription(
      LOGIN_MESSAGES.emptyPassword,
    );
    await user.type(email, 'ana@crm.test');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(email).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByText(LOGIN_MESSAGES.invalidEmail)).not.toBeInTheDocument();
  });

  it('refuses an email with a space', async () => {
    renderLogin();
    await sendLogin('ana @crm.test', PASSWORD);
    expect(screen.getByText(LOGIN_MESSAGES.invalidEmail)).toBeInTheDocument();
    expect(db.calls).toHaveLength(0);
  });

  it('without the captcha, says "Por favor rellenar el captcha" and sends nothing', async () => {
    addUser({ role: 'vendor', email: 'ana@crm.test' });
    renderLogin();
    const user = await fillLogin('ana@crm.test', PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(screen.getByText(LOGIN_MESSAGES.captchaRequired)).toBeInTheDocument();
    expect(db.calls).toHaveLength(0);
  });

  it('with a wrong password, shows "Wrong email or password" and stays', async () => {
    addUser({ role: 'vendor', email: 'ana@crm.test' });
    renderLogin();
    await sendLogin('ana@crm.test', 'Wrong.pass1');
    expect(await screen.findByText(LOGIN_MESSAGES.wrongCredentials)).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('with a wrong password, shows "Wrong email or password" alone: the fresh captcha is no error yet', async () => {
    addUser({ role: 'vendor', email: 'ana@crm.test' });
    renderLogin();
    await sendLogin('ana@crm.test', 'Wrong.pass1');

    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent(LOGIN_MESSAGES.wrongCredentials);
    // The spec's English, marked for screen readers on a Spanish page.
    expect(refusal).toHaveAttribute('lang', 'en');
    // Where the React screen showed it: above the button, not a notice.
    const button = screen.getByRole('button', { name: 'Ingresar' });
    expect(refusal.nextElementSibling).toBe(button);
    // The only message on the screen: the new, unsolved captcha does not complain.
    expect(screen.getAllByRole('alert')).toHaveLength(1);
    expect(screen.queryByText(LOGIN_MESSAGES.captchaRequired)).not.toBeInTheDocument();
    expect(screen.getByLabelText('No soy un robot')).not.toBeChecked();
  });

  it('after a wrong password, a new attempt without the captcha says "Por favor rellenar el captcha" (alone)', async () => {
    addUser({ role: 'vendor', email: 'ana@crm.test' });
    renderLogin();
    const user = await sendLogin('ana@crm.test', 'Wrong.pass1');
    await screen.findByText(LOGIN_MESSAGES.wrongCredentials);
    const sent = db.calls.length;

    await user.click(screen.getByRole('button', { name: 'Ingresar' }));

    expect(screen.getByText(LOGIN_MESSAGES.captchaRequired)).toBeInTheDocument();
    expect(screen.queryByText(LOGIN_MESSAGES.wrongCredentials)).not.toBeInTheDocument();
    expect(db.calls).toHaveLength(sent);
  });

  it('when the API refuses the captcha (expired or used), then it asks for a new one at once, under the widget', async () => {
    answer('post', '/api/user/login', 400, fieldRefusal('altcha', 'captcha', 'Bad request'));
    renderLogin();
    await sendLogin('ana@crm.test', PASSWORD);

    const message = await screen.findByText(LOGIN_MESSAGES.captchaRequired);
    expect(message).toHaveAttribute('role', 'alert');
    expect(screen.queryByText(LOGIN_MESSAGES.wrongCredentials)).not.toBeInTheDocument();
    // A fresh, unsolved widget in place of the used one.
    expect(screen.getByLabelText('No soy un robot')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Ingresar' })).toBeEnabled();
  });

  it('marks the spec\'s English field messages with lang="en"', async () => {
    renderLogin();
    await setupUser().click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(screen.getByText(LOGIN_MESSAGES.invalidEmail)).toHaveAttribute('lang', 'en');
    expect(screen.getByText(LOGIN_MESSAGES.emptyPassword)).toHaveAttribute('lang', 'en');
    expect(screen.getByText(LOGIN_MESSAGES.captchaRequired)).not.toHaveAttribute('lang');
  });

  it('reads "Iniciando..." while signing in, then stores the session (the app then opens the board: app.test.ts)', async () => {
    const ana = addUser({ role: 'vendor', email: 'ana@crm.test' });
    db.latencyMs = 150;
    renderLogin();
    await sendLogin('ana@crm.test', PASSWORD);
    expect(screen.getByRole('button', { name: 'Iniciando...' })).toBeDisabled();
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(`token-${ana._id}`));
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBe(ana._id);
    expect(db.calls[0]).toMatchObject({
      path: '/api/user/login',
      body: { email: 'ana@crm.test', password: PASSWORD, altcha: expect.any(String) },
    });
  });
});
