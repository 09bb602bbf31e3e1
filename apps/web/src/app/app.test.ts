import { screen, waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@crm/shared';
import { addUser, db, PASSWORD } from '../test/fake-api';
import { clearPage, mountInPage } from '../test/page';
import { signIn } from '../test/render';
import { startApp } from './app';
import { setupUser } from '../test/user';

// The login screen's widget, doubled: it loads the double in place of the real ALTCHA.
vi.mock('../features/auth/components/captcha-widget', async (importOriginal) => {
  const { installAltchaDouble } = await import('../test/altcha-double');
  return { ...(await importOriginal<object>()), loadCaptcha: installAltchaDouble };
});

/** Opens `path` in the browser's address bar (jsdom's), as typing it would. */
function openAddress(path: string) {
  window.history.replaceState(null, '', path);
}

const address = () => window.location.pathname;

afterEach(clearPage);

/** main.ts's start: the app in #root. */
function start() {
  mountInPage((root) => {
    root.id = 'root';
    return startApp(root);
  });
}

describe('the staff app in the browser (app.ts: the login screen without React)', () => {
  it('when a signed-out visitor opens the board, then /login takes its place in the history and names the page', async () => {
    openAddress('/main/requests');
    const entries = window.history.length;
    start();
    expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    await waitFor(() => expect(address()).toBe('/login'));
    expect(window.history.length).toBe(entries);
    expect(document.title).toBe('Iniciar sesión · CRM');
  });

  it('when the person signs in, then "Iniciando..." shows while the signed-in app loads and opens the board', async () => {
    addUser({ role: 'vendor', email: 'ana@crm.test' });
    db.latencyMs = 150;
    openAddress('/login');
    start();
    const user = setupUser();
    await user.type(screen.getByLabelText('Correo'), 'ana@crm.test');
    await user.type(screen.getByLabelText('Contraseña'), PASSWORD);
    await user.click(screen.getByLabelText('No soy un robot'));
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(screen.getByRole('button', { name: 'Iniciando...' })).toBeDisabled();
    expect(await screen.findByText('NUEVA SOLICITUD')).toBeInTheDocument();
    expect(address()).toBe('/main/requests');
    expect(document.title).toBe('Solicitudes · CRM');
    // The login screen is gone, not hidden under the board.
    expect(screen.queryByRole('heading', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
  });

  it('when the person logs out, then the login screen replaces the page at /login', async () => {
    signIn(addUser({ role: 'vendor' }));
    openAddress('/main/home');
    start();
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    await setupUser().click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(address()).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // The signed-in app went with the session.
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('when a signed-out person goes back to a page of the app, then it stays the login screen at /login', async () => {
    openAddress('/login');
    start();
    await waitFor(() => expect(document.title).toBe('Iniciar sesión · CRM'));
    window.history.pushState(null, '', '/main/users');
    window.dispatchEvent(new PopStateEvent('popstate'));
    expect(address()).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });
});
