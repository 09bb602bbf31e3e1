import { screen } from '@testing-library/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS, ACCOUNT_MESSAGES, LOGIN_MESSAGES } from '@crm/shared';
import { installAltchaDouble } from '../../../test/altcha-double';
import { accountMail, addUser, db, lastLink } from '../../../test/fake-api';
import { clearPage, mountInPage } from '../../../test/page';
import { mountForgotPage } from './forgot-page';
import { setupUser } from '../../../test/user';

afterEach(clearPage);

function openForgotPage() {
  window.history.replaceState(null, '', '/recuperar-contrasena');
  mountInPage((root) =>
    mountForgotPage(root, {
      search: '',
      loadCaptcha: installAltchaDouble,
      loginPath: '/login',
      profilePath: '/main/profile',
      signedIn: false,
    }),
  );
  return setupUser();
}

/** Types the address, ticks "No soy un robot" and presses "Enviar enlace". */
async function ask(email: string) {
  const user = openForgotPage();
  await user.type(screen.getByLabelText('Correo'), email);
  await user.click(screen.getByLabelText('No soy un robot'));
  await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
  return user;
}

describe('"Recuperar contraseña" (the forgot page)', () => {
  it('shows the email, the button and the captcha below it, and a way back to the login', () => {
    openForgotPage();
    expect(screen.getByRole('heading', { name: 'Recuperar contraseña' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Enviar enlace' });
    const captcha = screen.getByLabelText('No soy un robot');
    expect(button.compareDocumentPosition(captcha) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Volver al inicio de sesión' })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('when an account has the address, then the answer is the one message and a link is mailed', async () => {
    addUser({ role: 'vendor', email: 'ana@crm.test' });
    await ask('Ana@CRM.test');
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.forgotSent);
    expect(lastLink('ana@crm.test')).toMatch(/\/restablecer-contrasena\?token=[\w-]{43}$/);
  });

  it('when no account has the address, then the answer is the very same message and nothing is mailed', async () => {
    await ask('nadie@crm.test');
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.forgotSent);
    expect(accountMail.sent).toEqual([]);
  });

  it('when the address or the captcha is missing, then their messages show and nothing is sent', async () => {
    const user = openForgotPage();
    await user.click(screen.getByRole('button', { name: 'Enviar enlace' }));
    expect(screen.getByText('Correo es requerido')).toBeInTheDocument();
    expect(screen.getByText(LOGIN_MESSAGES.captchaRequired)).toBeInTheDocument();
    expect(db.calls).toHaveLength(0);
  });

  it('when too many links were asked for that address, then the 429 message says how long to wait', async () => {
    for (let i = 0; i < ACCOUNT_LIMITS.resetPerEmailPerHour; i++) {
      await ask('ana@crm.test');
      await screen.findByRole('status');
      clearPage();
    }
    await ask('ana@crm.test');
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tooManyEmails(60));
    // A fresh captcha for the next try, and the form still there.
    expect(screen.getByLabelText('No soy un robot')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Enviar enlace' })).toBeEnabled();
  });
});
