import { screen, waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@crm/shared';
import { addUser, issueAccountToken } from '../test/fake-api';
import { clearPage, mountInPage } from '../test/page';
import { signIn } from '../test/render';
import { startApp } from './app';
import { setupUser } from '../test/user';

// The captcha widget, doubled (the login screen and the forgot page load it).
vi.mock('../features/auth/components/captcha-widget', async (importOriginal) => {
  const { installAltchaDouble } = await import('../test/altcha-double');
  return { ...(await importOriginal<object>()), loadCaptcha: installAltchaDouble };
});

afterEach(clearPage);

function start(path: string) {
  window.history.replaceState(null, '', path);
  mountInPage((root) => {
    root.id = 'root';
    return startApp(root);
  });
}

describe('the account pages in the app (issue 23)', () => {
  it('when a signed-out visitor follows "¿Olvidaste tu contraseña?", then the forgot page opens in place and back returns to the login', async () => {
    start('/login');
    await setupUser().click(screen.getByRole('link', { name: '¿Olvidaste tu contraseña?' }));
    expect(
      await screen.findByRole('heading', { name: 'Recuperar contraseña' }),
    ).toBeInTheDocument();
    expect(window.location.pathname).toBe('/recuperar-contrasena');
    expect(document.title).toBe('Recuperar contraseña · CRM');

    window.history.back();
    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/login');
  });

  it('when a signed-out visitor opens a reset link, then its page shows at its address', async () => {
    const ana = addUser({ role: 'vendor' });
    const link = issueAccountToken(window.location.origin, ana._id, 'reset');
    start(new URL(link).pathname + new URL(link).search);
    expect(await screen.findByLabelText('Nueva contraseña')).toBeInTheDocument();
    expect(window.location.pathname).toBe('/restablecer-contrasena');
  });

  it('when a signed-in person opens their email change link, then it is confirmed there, not sent to the board', async () => {
    const ana = addUser({ role: 'vendor', email: 'ana@crm.test' });
    signIn(ana);
    const link = new URL(
      issueAccountToken(window.location.origin, ana._id, 'email', 'ana.nueva@crm.test'),
    );
    start(link.pathname + link.search);
    await setupUser().click(await screen.findByRole('button', { name: 'Confirmar correo' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.emailChanged);
    await waitFor(() => expect(ana.email).toBe('ana.nueva@crm.test'));
    expect(window.location.pathname).toBe('/confirmar-correo');
  });

  it('when a signed-out visitor opens a link with a bad token, then the one message and "Pedir un enlace nuevo" lead to the forgot page', async () => {
    start('/invitacion?token=nope');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tokenInvalid);
    await setupUser().click(screen.getByRole('link', { name: 'Pedir un enlace nuevo' }));
    expect(
      await screen.findByRole('heading', { name: 'Recuperar contraseña' }),
    ).toBeInTheDocument();
  });
});
