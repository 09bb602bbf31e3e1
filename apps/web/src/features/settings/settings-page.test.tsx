import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, MAX_STALE_DAYS, SETTINGS_LABELS } from '@crm/shared';
import { answer, fieldRefusal } from '../../test/answers';
import { addUser, db } from '../../test/fake-api';
import { renderApp } from '../../test/render';

const putCalls = () =>
  db.calls.filter((call) => call.method === 'PUT' && call.path === '/api/settings');

async function openSettings() {
  const admin = addUser({ role: 'system admin' });
  renderApp('/main/settings', admin);
  await screen.findByRole('heading', { level: 1, name: 'Ajustes' });
  await screen.findByLabelText('CONTACTADO');
  return userEvent.setup();
}

async function retype(user: ReturnType<typeof userEvent.setup>, label: string, text: string) {
  const field = screen.getByLabelText(label);
  await user.clear(field);
  if (text) await user.type(field, text);
}

describe('/main/settings "Ajustes" (issue 20)', () => {
  it('shows the days per stage, empty for never, and saves them', async () => {
    const user = await openSettings();
    expect(screen.getByLabelText('NUEVA SOLICITUD')).toHaveValue(2);
    expect(screen.getByLabelText('CONTACTADO')).toHaveValue(5);
    expect(screen.getByLabelText('COTIZACIÓN ENVIADA')).toHaveValue(7);
    expect(screen.getByLabelText('EN ESPERA')).toHaveValue(14);
    expect(screen.getByLabelText('CERRADO')).toHaveValue(null);

    await retype(user, 'CONTACTADO', '3');
    await retype(user, 'EN ESPERA', '');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText(SETTINGS_LABELS.saved)).toBeInTheDocument();
    expect(db.settings).toEqual({
      staleDays: {
        'new request': 2,
        contacted: 3,
        'quote sent': 7,
        'follow up': null,
        closed: null,
      },
      version: 1,
    });
    expect(screen.getByLabelText('EN ESPERA')).toHaveValue(null);
  });

  it('refuses a number out of range next to its field, sending nothing', async () => {
    const user = await openSettings();
    await retype(user, 'COTIZACIÓN ENVIADA', '0');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    const field = screen.getByLabelText('COTIZACIÓN ENVIADA');
    expect(field).toHaveAccessibleDescription(FIELD_MESSAGES.staleDaysInvalid(MAX_STALE_DAYS));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(putCalls()).toEqual([]);
  });

  it("shows the API's 400 next to its field, with a notice", async () => {
    const user = await openSettings();
    answer('put', '/api/settings', 400, fieldRefusal('staleDays.contacted', 'Demasiados días'));
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText(SETTINGS_LABELS.saveFailed)).toBeInTheDocument();
    expect(screen.getByLabelText('CONTACTADO')).toHaveAccessibleDescription('Demasiados días');
  });

  it('when someone saved first (409), keeps what was typed, shows theirs, and saves over theirs', async () => {
    const user = await openSettings();
    // Meanwhile, another admin set CONTACTADO to 10.
    db.settings = {
      staleDays: { ...db.settings.staleDays, contacted: 10 },
      version: db.settings.version + 1,
    };
    await retype(user, 'NUEVA SOLICITUD', '4');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(SETTINGS_LABELS.changedMeanwhile);
    expect(within(alert).getByText('CONTACTADO: 10')).toBeInTheDocument();
    expect(screen.getByLabelText('NUEVA SOLICITUD')).toHaveValue(4);
    // A field not typed in takes their value.
    expect(screen.getByLabelText('CONTACTADO')).toHaveValue(10);
    expect(db.settings.staleDays['new request']).toBe(2);

    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText(SETTINGS_LABELS.saved)).toBeInTheDocument();
    expect(db.settings).toMatchObject({
      staleDays: { 'new request': 4, contacted: 10 },
      version: 2,
    });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});

describe('"Ajustes" is the system admin’s', () => {
  it.each(['vendor', 'driver'] as const)(
    'a %s sees no link to it, and its address leads home',
    async (role) => {
      const someone = addUser({ role });
      renderApp('/main/settings', someone);

      await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/main/home'));
      const nav = screen.getByRole('navigation', { name: 'Principal' });
      expect(within(nav).queryByRole('link', { name: 'Ajustes' })).toBeNull();
      expect(db.calls.some((call) => call.path === '/api/settings' && call.method === 'PUT')).toBe(
        false,
      );
    },
  );
});
