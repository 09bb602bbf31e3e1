import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { API_TOKEN_LABELS } from '@crm/shared';
import { addApiToken, addUser, db } from '../../test/fake-api';
import { findNotice } from '../../test/notice';
import { renderApp } from '../../test/render';
import { setupUser } from '../../test/user';
import './settings-page';

// Issue 36: Ajustes' "Tokens de API de todos", a system admin's.

describe('Ajustes: "Tokens de API de todos" (issue 36)', () => {
  it('lists another person’s token with its owner, and revokes it after asking', async () => {
    const pedro = addUser({ role: 'vendor', name: 'Pedro', lastName: 'Soto' });
    const made = addApiToken(pedro, { name: 'Zapier', scope: 'read', lifetimeDays: 90 });
    const admin = addUser({ role: 'system admin', name: 'Alicia', lastName: 'Rojas' });
    renderApp('/main/settings', admin);
    const user = setupUser();
    const section = within(await screen.findByRole('region', { name: API_TOKEN_LABELS.everyone }));

    const item = await section.findByRole('listitem');
    expect(item).toHaveTextContent('Zapier · Lectura');
    expect(item).toHaveTextContent(`${API_TOKEN_LABELS.owner}: Pedro Soto`);
    expect(item).toHaveTextContent(made.prefix);
    expect(item).toHaveTextContent(`${API_TOKEN_LABELS.lastUsed}: ${API_TOKEN_LABELS.notUsed}`);

    await user.click(
      within(item).getByRole('button', { name: API_TOKEN_LABELS.revokeNamed('Zapier') }),
    );
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(API_TOKEN_LABELS.confirmRevoke('Zapier'));
    await user.click(within(dialog).getByRole('button', { name: API_TOKEN_LABELS.revoke }));

    await findNotice(API_TOKEN_LABELS.revoked);
    expect(await section.findByText(API_TOKEN_LABELS.everyoneEmpty)).toBeInTheDocument();
    await waitFor(() => expect(section.queryByRole('listitem')).not.toBeInTheDocument());
    expect(db.apiTokens).toEqual([]);
  });

  it('shows a leads token’s scope and source with the rest', async () => {
    const pedro = addUser({ role: 'vendor', name: 'Pedro', lastName: 'Soto' });
    addApiToken(pedro, {
      name: 'Landing',
      scope: 'leads',
      lifetimeDays: null,
      sourceName: 'Landing verano',
    });
    renderApp('/main/settings', addUser({ role: 'system admin' }));
    const section = within(await screen.findByRole('region', { name: API_TOKEN_LABELS.everyone }));
    expect(await section.findByRole('listitem')).toHaveTextContent(
      'Landing · Solo enviar leads · Fuente: Landing verano',
    );
  });
});
