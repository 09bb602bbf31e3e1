import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addUser } from '../test/fake-api';
import { renderApp } from '../test/render';
import { setupUser } from '../test/user';

describe('authenticated layout: "Saltar al contenido"', () => {
  it('is the first thing Tab reaches, before the bell and the sidebar', async () => {
    const ana = addUser({ role: 'vendor' });
    renderApp('/main/home', ana);
    await screen.findByRole('heading', { level: 1, name: 'Inicio' });
    const bell = await screen.findByRole('link', { name: 'Actividades vencidas y de hoy: 0' });
    const user = setupUser();

    await user.tab();

    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).toHaveFocus();
    await user.tab();
    expect(bell).toHaveFocus();
    await user.tab();
    const nav = screen.getByRole('navigation', { name: 'Principal' });
    expect(within(nav).getByRole('link', { name: 'Inicio' })).toHaveFocus();
  });

  it('moves focus to the main content, past the sidebar, without changing the address', async () => {
    const admin = addUser({ role: 'system admin' });
    renderApp('/main/users', admin);
    await screen.findByRole('heading', { name: 'Usuarios' });
    const user = setupUser();
    await user.tab();

    await user.keyboard('{Enter}');

    const main = screen.getByRole('main');
    expect(main).toHaveFocus();
    expect(main).toContainElement(screen.getByRole('heading', { name: 'Usuarios' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/main/users');
    expect(screen.getByTestId('location-search')).toBeEmptyDOMElement();
    // The next Tab goes on inside the content: the screen's first control.
    await user.tab();
    expect(screen.getByRole('button', { name: 'Crear Usuario' })).toHaveFocus();
  });

  it('marks the spec\'s English words of the layout with lang="en"', async () => {
    const ana = addUser({ role: 'vendor', name: 'Ana', lastName: 'García' });
    renderApp('/main/home', ana);
    await screen.findByRole('heading', { level: 1, name: 'Inicio' });
    expect(screen.getByRole('button', { name: 'Logout' })).toHaveAttribute('lang', 'en');
    // The product's own words are Spanish (the page's language).
    expect(screen.getByRole('link', { name: 'Saltar al contenido' })).not.toHaveAttribute('lang');
  });
});
