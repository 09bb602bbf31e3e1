import { screen, waitFor } from '@testing-library/dom';
import { afterEach, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, CREATE_USER_MESSAGES, type TokenPurpose } from '@crm/shared';
import {
  addInvitedUser,
  addUser,
  db,
  issueAccountToken,
  PASSWORD,
  tokenFor as tokenOfSession,
  tokenOfLink,
} from '../../../test/fake-api';
import { clearPage, mountInPage } from '../../../test/page';
import { mountTokenPage } from './token-page';
import { setupUser } from '../../../test/user';

afterEach(clearPage);

const NEW_PASSWORD = 'Nueva.Clave1';

/** A link's page, as the email's link opens it (signed out unless said). */
function openLink(purpose: TokenPurpose, token: string, signedIn = false) {
  mountInPage((root) =>
    mountTokenPage(root, purpose, {
      search: `?token=${token}`,
      loadCaptcha: () => Promise.resolve(),
      loginPath: '/login',
      profilePath: '/main/profile',
      signedIn,
    }),
  );
  return setupUser();
}

const tokenFor = (userId: string, purpose: TokenPurpose, newEmail?: string) =>
  tokenOfLink(issueAccountToken(window.location.origin, userId, purpose, newEmail));

/** The one message of a link that no longer works, and the way to ask for a new one. */
async function expectInvalidLink() {
  expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tokenInvalid);
  expect(screen.getByRole('link', { name: 'Pedir un enlace nuevo' })).toHaveAttribute(
    'href',
    '/recuperar-contrasena',
  );
  expect(screen.queryByLabelText('Nueva contraseña')).not.toBeInTheDocument();
}

const statusOf = (path: string, body: unknown, token?: string) =>
  fetch(new URL(path, window.location.origin), {
    method: path.startsWith('/api/me') ? 'GET' : 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token && { Authorization: `Bearer ${token}` }),
    },
    body: path.startsWith('/api/me') ? undefined : JSON.stringify(body),
  }).then((res) => res.status);
const profileStatus = (token: string) => statusOf('/api/me/profile', undefined, token);
const tokenStatusOf = (token: string) => statusOf('/api/account/token', { token });

async function setNewPassword(password: string, confirmation = password) {
  const user = setupUser();
  await user.type(await screen.findByLabelText('Nueva contraseña'), password);
  await user.type(screen.getByLabelText('Confirmar contraseña'), confirmation);
  await user.click(screen.getByRole('button', { name: 'Guardar' }));
}

describe('the one-time links’ pages', () => {
  it('when the token is unknown, then the page says the link no longer works and offers a new one', async () => {
    openLink('reset', 'x'.repeat(43));
    await expectInvalidLink();
  });

  it('when the token is cut short, then the same message shows without asking the API', async () => {
    openLink('reset', 'abc');
    await expectInvalidLink();
    expect(db.calls).toEqual([]);
  });

  it('when a reset link is followed, then a new password is set, the link is spent and sessions end', async () => {
    const ana = addUser({ role: 'vendor', email: 'ana@crm.test' });
    const token = tokenFor(ana._id, 'reset');
    const signedInBefore = tokenOfSession(ana);
    expect(await profileStatus(signedInBefore)).toBe(200);
    openLink('reset', token);
    expect(await screen.findByRole('heading', { name: 'Nueva contraseña' })).toBeInTheDocument();
    expect(await screen.findByText('Cuenta: ana@crm.test')).toBeInTheDocument();
    await setNewPassword(NEW_PASSWORD);
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.passwordReset);
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute('href', '/login');
    expect(ana.password).toBe(NEW_PASSWORD);
    expect(await profileStatus(signedInBefore)).toBe(401);
    // The link is spent: the API no longer knows it.
    expect(await tokenStatusOf(token)).toBe(400);
  });

  it('when the page is opened again after its link was used here, then it shows the outcome, not an error', async () => {
    const ana = addUser({ role: 'vendor' });
    const token = tokenFor(ana._id, 'reset');
    openLink('reset', token);
    await setNewPassword(NEW_PASSWORD);
    await screen.findByRole('status');
    // The session ended with the reset: the app mounts the page again at the same address.
    clearPage();
    openLink('reset', token);
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.passwordReset);
  });

  it('when the confirmation differs or the password breaks §5, then their messages show and nothing is sent', async () => {
    const ana = addUser({ role: 'vendor' });
    openLink('reset', tokenFor(ana._id, 'reset'));
    await setNewPassword(NEW_PASSWORD, 'Otra.Clave1');
    expect(screen.getByText(CREATE_USER_MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    await setupUser().clear(screen.getByLabelText('Nueva contraseña'));
    await setupUser().type(screen.getByLabelText('Nueva contraseña'), 'corta');
    expect(screen.getByText(CREATE_USER_MESSAGES.passwordRule)).toBeInTheDocument();
    expect(db.calls.filter((call) => call.path === '/api/account/set-password')).toEqual([]);
    expect(ana.password).toBe(PASSWORD);
  });

  it('when a newer link replaced this one, then it no longer works', async () => {
    const ana = addUser({ role: 'vendor' });
    const older = tokenFor(ana._id, 'reset');
    tokenFor(ana._id, 'reset');
    openLink('reset', older);
    await expectInvalidLink();
  });

  it('when an invitation is accepted, then the person chose their password and may sign in', async () => {
    const bruno = addInvitedUser({ role: 'vendor', email: 'bruno@crm.test' });
    openLink('invite', tokenFor(bruno._id, 'invite'));
    expect(await screen.findByRole('heading', { name: 'Elige tu contraseña' })).toBeInTheDocument();
    await setNewPassword(NEW_PASSWORD);
    expect(await screen.findByRole('status')).toHaveTextContent(
      ACCOUNT_MESSAGES.invitationAccepted,
    );
    expect(bruno).toMatchObject({ password: NEW_PASSWORD });
    expect(bruno.invitationPending).toBeUndefined();
  });

  it('when an email change link is opened, then nothing changes until "Confirmar correo" is pressed', async () => {
    const ana = addUser({ role: 'vendor', email: 'ana@crm.test' });
    openLink('email', tokenFor(ana._id, 'email', 'ana.nueva@crm.test'), true);
    expect(await screen.findByText('Nuevo correo: ana.nueva@crm.test')).toBeInTheDocument();
    expect(ana.email).toBe('ana@crm.test');
    await setupUser().click(screen.getByRole('button', { name: 'Confirmar correo' }));
    expect(await screen.findByRole('status')).toHaveTextContent(ACCOUNT_MESSAGES.emailChanged);
    expect(ana.email).toBe('ana.nueva@crm.test');
    // Signed in, the way on is back to Perfil.
    expect(screen.getByRole('link', { name: 'Volver a Perfil' })).toHaveAttribute(
      'href',
      '/main/profile',
    );
  });

  it('when the API cannot be reached, then the page says so and tries again on request', async () => {
    const ana = addUser({ role: 'vendor' });
    db.failures.set('POST /api/account/token', 500);
    openLink('reset', tokenFor(ana._id, 'reset'));
    await setupUser().click(await screen.findByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.getByLabelText('Nueva contraseña')).toBeInTheDocument());
  });
});
