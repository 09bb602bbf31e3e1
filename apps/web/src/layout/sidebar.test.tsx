import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { addUser } from '../test/fake-api';
import { renderApp } from '../test/render';

const PHOTO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

describe('the sidebar on a phone (issue 33)', () => {
  it('names the person’s round badge as an image ("Hi, Ana"), not with a name a paragraph may not carry', async () => {
    const ana = addUser({ role: 'vendor', name: 'Ana', lastName: 'García', photo: PHOTO });
    renderApp('/main/requests', ana);

    const badge = await screen.findByRole('img', { name: 'Hi, Ana' });
    expect(badge.tagName).toBe('P');
  });

  it('shows each link’s label as its text, not only an icon with a hidden name', async () => {
    const ana = addUser({ role: 'vendor', name: 'Ana', lastName: 'García' });
    renderApp('/main/requests', ana);

    const nav = await screen.findByRole('navigation', { name: 'Principal' });
    for (const label of ['Inicio', 'Perfil', 'Solicitudes', 'Agenda']) {
      const link = within(nav).getByRole('link', { name: label });
      expect(link).not.toHaveAttribute('aria-label');
      // Its text is not hidden below the desktop's width.
      expect(within(link).getByText(label)).not.toHaveClass('hidden');
    }
  });
});
