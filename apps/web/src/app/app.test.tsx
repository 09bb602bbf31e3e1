import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@crm/shared';
import { addUser, PASSWORD } from '../test/fake-api';
import { signIn } from '../test/render';
import { App } from './app';

vi.mock('../features/auth/components/captcha-widget', async () => {
  const { CaptchaDouble } = await import('../test/captcha-double');
  return { CaptchaWidget: CaptchaDouble };
});

/** Opens `path` in the browser's address bar (jsdom's), as typing it would. */
function openAddress(path: string) {
  window.history.replaceState(null, '', path);
}

const address = () => window.location.pathname;

describe('the staff app in the browser (app.tsx: the login screen without the router)', () => {
  it('when a signed-out visitor opens the board, then /login takes its place in the history and names the page', async () => {
    openAddress('/main/requests');
    const entries = window.history.length;
    render(<App />);
    expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    await waitFor(() => expect(address()).toBe('/login'));
    expect(window.history.length).toBe(entries);
    expect(document.title).toBe('Iniciar sesión · CRM');
  });

  it('when the person signs in, then the signed-in app loads and opens the board', async () => {
    addUser({ role: 'vendor', email: 'ana@crm.test' });
    openAddress('/login');
    render(<App />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Correo'), 'ana@crm.test');
    await user.type(screen.getByLabelText('Contraseña'), PASSWORD);
    await user.click(screen.getByLabelText('No soy un robot'));
    await user.click(screen.getByRole('button', { name: 'Ingresar' }));
    expect(await screen.findByText('NUEVA SOLICITUD')).toBeInTheDocument();
    expect(address()).toBe('/main/requests');
    expect(document.title).toBe('Solicitudes · CRM');
  });

  it('when the person logs out, then the login screen replaces the page at /login', async () => {
    signIn(addUser({ role: 'vendor' }));
    openAddress('/main/home');
    render(<App />);
    expect(await screen.findByText('This will be the home page.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(address()).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('when a signed-out person goes back to a page of the app, then it stays the login screen at /login', async () => {
    openAddress('/login');
    render(<App />);
    await waitFor(() => expect(document.title).toBe('Iniciar sesión · CRM'));
    act(() => {
      window.history.pushState(null, '', '/main/users');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(address()).toBe('/login');
    expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
  });
});
