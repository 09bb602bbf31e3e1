import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  API_TOKEN_LABELS,
  API_TOKEN_MESSAGES,
  API_TOKEN_SOURCE_NAME_MAX_LENGTH,
  FIELD_MESSAGES,
  MAX_API_TOKENS,
} from '@crm/shared';
import { addApiToken, db } from '../../test/fake-api';
import { findNotice } from '../../test/notice';
import { addVendorAna, callsTo, openProfile, section } from './profile.test-kit';

// Issue 36: Perfil's "Tokens de API".

const tokens = () => section(API_TOKEN_LABELS.section);

describe('Perfil, "Tokens de API" (issue 36)', () => {
  it('creates a token: its secret is shown once, to copy; the list shows it without the secret', async () => {
    const ana = addVendorAna();
    const { user } = await openProfile(ana);
    expect(await tokens().findByText(API_TOKEN_LABELS.empty)).toBeInTheDocument();

    await user.type(tokens().getByLabelText(API_TOKEN_LABELS.name), 'n8n');
    await user.selectOptions(
      tokens().getByLabelText(API_TOKEN_LABELS.scope),
      'Lectura y escritura',
    );
    await user.selectOptions(tokens().getByLabelText(API_TOKEN_LABELS.lifetime), 'Nunca');
    await user.click(tokens().getByRole('button', { name: API_TOKEN_LABELS.create }));

    const secret = await tokens().findByLabelText(API_TOKEN_LABELS.shownOnce);
    const stored = db.apiTokens[0]!;
    expect(stored).toMatchObject({
      name: 'n8n',
      scope: 'write',
      expiresAt: null,
      sourceName: null,
    });
    expect(callsTo('POST', '/api/me/tokens').map((call) => call.body)).toEqual([
      { name: 'n8n', scope: 'write', lifetimeDays: null },
    ]);
    expect(secret).toHaveValue(stored.secret);
    expect(secret).toHaveAttribute('readonly');
    expect(stored.secret).toMatch(/^crm_/);

    await user.click(tokens().getByRole('button', { name: API_TOKEN_LABELS.copy }));
    await findNotice(API_TOKEN_LABELS.copied);
    expect(await navigator.clipboard.readText()).toBe(stored.secret);

    const item = await tokens().findByRole('listitem');
    expect(item).toHaveTextContent('n8n · Lectura y escritura');
    expect(item).toHaveTextContent(stored.prefix);
    expect(item).toHaveTextContent(`${API_TOKEN_LABELS.lastUsed}: ${API_TOKEN_LABELS.notUsed}`);
    expect(item).toHaveTextContent(`${API_TOKEN_LABELS.expiresAt}: ${API_TOKEN_LABELS.never}`);
    expect(item).not.toHaveTextContent(stored.secret);
    // The form is ready for another one.
    expect(tokens().getByLabelText(API_TOKEN_LABELS.name)).toHaveValue('');

    await user.click(tokens().getByRole('button', { name: API_TOKEN_LABELS.done }));
    expect(tokens().queryByLabelText(API_TOKEN_LABELS.shownOnce)).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(stored.secret)).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(stored.secret);
  });

  it('a leads token: the source is asked for only with "Solo enviar leads", sent and listed with it', async () => {
    const ana = addVendorAna();
    const { user } = await openProfile(ana);
    const source = () => tokens().queryByLabelText(API_TOKEN_LABELS.sourceName);
    await user.type(await tokens().findByLabelText(API_TOKEN_LABELS.name), 'Landing');
    expect(source()).not.toBeInTheDocument();

    const scope = tokens().getByLabelText(API_TOKEN_LABELS.scope);
    await user.selectOptions(scope, 'Solo enviar leads');
    expect(scope).toHaveAccessibleDescription(API_TOKEN_LABELS.leadsHint);
    expect(source()).toHaveAccessibleDescription(API_TOKEN_LABELS.sourceNameHint);
    await user.type(source()!, 'Landing verano');
    await user.click(tokens().getByRole('button', { name: API_TOKEN_LABELS.create }));

    await tokens().findByLabelText(API_TOKEN_LABELS.shownOnce);
    expect(callsTo('POST', '/api/me/tokens').map((call) => call.body)).toEqual([
      { name: 'Landing', scope: 'leads', lifetimeDays: 90, sourceName: 'Landing verano' },
    ]);
    expect(db.apiTokens[0]).toMatchObject({ scope: 'leads', sourceName: 'Landing verano' });
    expect(await tokens().findByRole('listitem')).toHaveTextContent(
      'Landing · Solo enviar leads · Fuente: Landing verano',
    );
  });

  it('a source typed for a leads token is dropped when another scope is chosen; a long one is refused under its field', async () => {
    const ana = addVendorAna();
    const { user } = await openProfile(ana);
    await user.type(await tokens().findByLabelText(API_TOKEN_LABELS.name), 'n8n');
    const scope = tokens().getByLabelText(API_TOKEN_LABELS.scope);
    await user.selectOptions(scope, 'Solo enviar leads');
    const tooLong = 'x'.repeat(API_TOKEN_SOURCE_NAME_MAX_LENGTH + 1);
    await user.type(tokens().getByLabelText(API_TOKEN_LABELS.sourceName), tooLong);
    await user.click(tokens().getByRole('button', { name: API_TOKEN_LABELS.create }));
    const source = tokens().getByLabelText(API_TOKEN_LABELS.sourceName);
    expect(source).toHaveAccessibleDescription(
      `${FIELD_MESSAGES.tooLong(API_TOKEN_SOURCE_NAME_MAX_LENGTH)} ${API_TOKEN_LABELS.sourceNameHint}`,
    );
    expect(callsTo('POST', '/api/me/tokens')).toEqual([]);

    await user.selectOptions(scope, 'Lectura');
    expect(tokens().queryByLabelText(API_TOKEN_LABELS.sourceName)).not.toBeInTheDocument();
    expect(scope).not.toHaveAccessibleDescription(API_TOKEN_LABELS.leadsHint);
    await user.click(tokens().getByRole('button', { name: API_TOKEN_LABELS.create }));
    await tokens().findByLabelText(API_TOKEN_LABELS.shownOnce);
    expect(db.apiTokens[0]).toMatchObject({ scope: 'read', sourceName: null });
  });

  it('lists a token’s dates; revoking asks first, then removes it', async () => {
    const ana = addVendorAna();
    const made = addApiToken(
      ana,
      { name: 'Zapier', scope: 'read', lifetimeDays: 30 },
      {
        createdAt: '2026-03-01T12:00:00.000Z',
        lastUsedAt: '2026-03-02T12:00:00.000Z',
        expiresAt: '2026-03-31T12:00:00.000Z',
      },
    );
    const { user } = await openProfile(ana);
    const item = await tokens().findByRole('listitem');
    expect(item).toHaveTextContent('Zapier · Lectura');
    expect(item).toHaveTextContent(`${API_TOKEN_LABELS.createdAt}: 01/03/26`);
    expect(item).toHaveTextContent(`${API_TOKEN_LABELS.lastUsed}: 02/03/26`);
    expect(item).toHaveTextContent(`${API_TOKEN_LABELS.expiresAt}: 31/03/26`);

    const revoke = { name: API_TOKEN_LABELS.revokeNamed('Zapier') };
    await user.click(within(item).getByRole('button', revoke));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(API_TOKEN_LABELS.confirmRevoke('Zapier'));
    await user.click(within(dialog).getByRole('button', { name: API_TOKEN_LABELS.keep }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(db.apiTokens.map((token) => token._id)).toEqual([made._id]);
    expect(tokens().getByRole('listitem')).toHaveTextContent('Zapier');

    await user.click(tokens().getByRole('button', revoke));
    dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: API_TOKEN_LABELS.revoke }));
    await findNotice(API_TOKEN_LABELS.revoked);
    expect(await tokens().findByText(API_TOKEN_LABELS.empty)).toBeInTheDocument();
    expect(tokens().queryByRole('listitem')).not.toBeInTheDocument();
    expect(db.apiTokens).toEqual([]);
  });

  it('a blank name is refused under the field, without asking the API', async () => {
    const ana = addVendorAna();
    const { user } = await openProfile(ana);
    await user.type(await tokens().findByLabelText(API_TOKEN_LABELS.name), '   ');
    await user.click(tokens().getByRole('button', { name: API_TOKEN_LABELS.create }));

    const name = tokens().getByLabelText(API_TOKEN_LABELS.name);
    expect(name).toHaveAccessibleDescription(API_TOKEN_MESSAGES.nameRequired);
    expect(name).toHaveFocus();
    expect(callsTo('POST', '/api/me/tokens')).toEqual([]);
    expect(tokens().queryByLabelText(API_TOKEN_LABELS.shownOnce)).not.toBeInTheDocument();
  });

  it('says so when the person has as many tokens as allowed', async () => {
    const ana = addVendorAna();
    for (let n = 0; n < MAX_API_TOKENS; n += 1) {
      addApiToken(ana, { name: `Script ${n}`, scope: 'read', lifetimeDays: null });
    }
    const { user } = await openProfile(ana);
    await user.type(await tokens().findByLabelText(API_TOKEN_LABELS.name), 'Uno más');
    await user.click(tokens().getByRole('button', { name: API_TOKEN_LABELS.create }));

    expect(await tokens().findByRole('alert')).toHaveTextContent(API_TOKEN_MESSAGES.tooMany);
    expect(tokens().queryByLabelText(API_TOKEN_LABELS.shownOnce)).not.toBeInTheDocument();
    expect(tokens().getByLabelText(API_TOKEN_LABELS.name)).toHaveValue('Uno más');
  });
});
