import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SESSION_MESSAGES, STORAGE_KEYS } from '@crm/shared';
import { addUser, db, tokenFor } from '../test/fake-api';
import { renderApp } from '../test/render';
import { titleOf } from './route-titles';
import { setupUser } from '../test/user';

const location = () => screen.getByTestId('location');

describe('routes and session (§2 route map, §4 session)', () => {
  it('sends / to /login', async () => {
    renderApp('/');
    await waitFor(() => expect(location()).toHaveTextContent('/login'));
  });

  it('sends a signed-out visitor of /main/requests, /main/users or any path to /login', async () => {
    for (const path of ['/main/requests', '/main/users', '/main', '/anything/else']) {
      const { unmount } = renderApp(path);
      await waitFor(() => expect(location()).toHaveTextContent(/^\/login$/));
      expect(screen.getByRole('heading', { name: 'Iniciar sesión' })).toBeInTheDocument();
      unmount();
    }
  });

  it('counts as signed out when only one of token and id is stored', async () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-without-id');
    renderApp('/main/home');
    await waitFor(() => expect(location()).toHaveTextContent('/login'));
  });

  it('shows "Loading..." while the stored session is read, then the layout', async () => {
    const ana = addUser({ role: 'vendor', name: 'Ana', lastName: 'García' });
    db.latencyMs = 100;
    renderApp('/main/home', ana);
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
  });

  it('sends a signed-in user who opens /login to the board', async () => {
    const ana = addUser({ role: 'vendor' });
    renderApp('/login', ana);
    await waitFor(() => expect(location()).toHaveTextContent('/main/requests'));
    expect(await screen.findByText('NUEVA SOLICITUD')).toBeInTheDocument();
  });

  it('fetches the board (the first page of every column, in place of all requests) and all users once signed in (§2 start-up)', async () => {
    const ana = addUser({ role: 'driver' });
    renderApp('/main/home', ana);
    await screen.findByRole('heading', { level: 1, name: 'Inicio' });
    await waitFor(() => {
      const paths = db.calls.map((call) => call.path);
      expect(paths).toContain('/api/form-contact/board');
      expect(paths).not.toContain('/api/form-contact/all');
      expect(paths).toContain('/api/user/all');
      expect(paths).toContain(`/api/user/data/${ana._id}`);
    });
  });

  it('shows the dashboard at home (issue 22 replaced its placeholder) and Perfil (issue 23 replaced its)', async () => {
    const ana = addUser({ role: 'vendor' });
    const { unmount } = renderApp('/main/home', ana);
    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    expect(screen.queryByText('This will be the home page.')).not.toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Embudo' })).toBeInTheDocument();
    unmount();
    renderApp('/main/profile', ana);
    expect(await screen.findByRole('heading', { level: 1, name: 'Perfil' })).toBeInTheDocument();
    expect(screen.queryByText('Here will be the user profile')).not.toBeInTheDocument();
  });

  it('when the token is refused (expired or revoked), ends the session and returns to /login', async () => {
    const ana = addUser({ role: 'vendor' });
    db.revokedTokens.add(tokenFor(ana));
    renderApp('/main/requests', ana);
    await waitFor(() => expect(location()).toHaveTextContent('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
  });

  it('when the user-data call fails otherwise, logs it, shows nothing and keeps the non-admin view', async () => {
    const admin = addUser({ role: 'system admin' });
    db.failures.set(`GET /api/user/data/${admin._id}`, 500);
    const errors: unknown[][] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      renderApp('/main/home', admin);
      expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
      expect(errors.some((args) => args[0] === SESSION_MESSAGES.userDataFailed)).toBe(true);
      expect(screen.queryByRole('link', { name: 'Usuarios' })).not.toBeInTheDocument();
      expect(screen.queryByText(SESSION_MESSAGES.userDataFailed)).not.toBeInTheDocument();
    } finally {
      console.error = original;
    }
  });
});

describe('document titles (one per screen)', () => {
  it.each([
    ['/login', 'Iniciar sesión · CRM'],
    ['/main/home', 'Inicio · CRM'],
    ['/main/profile', 'Perfil · CRM'],
    ['/main/requests', 'Solicitudes · CRM'],
    ['/main/users', 'Usuarios · CRM'],
    ['/main/agenda', 'Agenda · CRM'],
    ['/main/settings', 'Ajustes · CRM'],
    ['/main/settings/audit', 'Registro de auditoría · CRM'],
  ])('names %s "%s"', async (route, title) => {
    const admin = addUser({ role: 'system admin' });
    renderApp(route, route === '/login' ? undefined : admin);
    await waitFor(() => expect(document.title).toBe(title));
  });

  it("keeps the board's title under the Edit Request modal's address", () => {
    expect(titleOf('/main/requests/0123456789abcdef01234567')).toBe('Solicitudes · CRM');
    expect(titleOf('/main/requestsx')).toBe('CRM');
  });

  it('follows the route: a vendor sent from /main/users to /main/home reads "Inicio · CRM"', async () => {
    const vendor = addUser({ role: 'vendor' });
    renderApp('/main/users', vendor);
    await waitFor(() => expect(location()).toHaveTextContent('/main/home'));
    await waitFor(() => expect(document.title).toBe('Inicio · CRM'));
  });

  it('changes with navigation', async () => {
    const ana = addUser({ role: 'vendor' });
    renderApp('/main/home', ana);
    await waitFor(() => expect(document.title).toBe('Inicio · CRM'));
    await setupUser().click(await screen.findByRole('link', { name: 'Perfil' }));
    await waitFor(() => expect(document.title).toBe('Perfil · CRM'));
  });
});

describe('sidebar (§2 authenticated layout)', () => {
  it('greets with the name and the first letter of the last name', async () => {
    const ana = addUser({ role: 'vendor', name: 'Ana', lastName: 'García' });
    renderApp('/main/home', ana);
    expect(await screen.findByText('Hi, Ana G')).toHaveAttribute('lang', 'en');
    expect(screen.getByRole('img', { name: 'CRM logo' })).toBeInTheDocument();
  });

  it('shows Inicio, Perfil, Usuarios, Solicitudes, Agenda and Ajustes to a system admin, and highlights the active link', async () => {
    const admin = addUser({ role: 'system admin' });
    renderApp('/main/profile', admin);
    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Inicio',
      'Perfil',
      'Usuarios',
      'Solicitudes',
      'Agenda',
      'Ajustes',
    ]);
    expect(within(nav).getByRole('link', { name: 'Perfil' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Inicio' })).not.toHaveAttribute('aria-current');
  });

  it.each(['vendor', 'driver'] as const)(
    'hides "Usuarios" and "Ajustes" from a %s',
    async (role) => {
      const user = addUser({ role });
      renderApp('/main/home', user);
      const nav = await screen.findByRole('navigation', { name: 'Principal' });
      expect(
        within(nav)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual(['Inicio', 'Perfil', 'Solicitudes', 'Agenda']);
    },
  );

  it('navigates with the links', async () => {
    const ana = addUser({ role: 'vendor' });
    renderApp('/main/home', ana);
    await setupUser().click(await screen.findByRole('link', { name: 'Perfil' }));
    expect(location()).toHaveTextContent('/main/profile');
    expect(await screen.findByRole('heading', { level: 1, name: 'Perfil' })).toBeInTheDocument();
  });

  it('Logout calls the API, clears the stored session and returns to /login', async () => {
    const ana = addUser({ role: 'vendor' });
    renderApp('/main/home', ana);
    await setupUser().click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location()).toHaveTextContent('/login'));
    expect(
      db.calls.some((call) => call.method === 'POST' && call.path === '/api/user/logout'),
    ).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.userId)).toBeNull();
    expect(db.revokedTokens.has(tokenFor(ana))).toBe(true);
  });

  it('when logout fails, stays, keeps the session and says "Logout failed"', async () => {
    const ana = addUser({ role: 'vendor' });
    db.failures.set('POST /api/user/logout', 500);
    const original = console.error;
    console.error = () => undefined;
    try {
      renderApp('/main/home', ana);
      await setupUser().click(await screen.findByRole('button', { name: 'Logout' }));
      expect(await screen.findByText(SESSION_MESSAGES.logoutFailed)).toBeInTheDocument();
      expect(location()).toHaveTextContent('/main/home');
      expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(tokenFor(ana));
    } finally {
      console.error = original;
    }
  });
});
