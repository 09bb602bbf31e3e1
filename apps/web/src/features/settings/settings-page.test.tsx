import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, MAX_STALE_DAYS, SETTINGS_LABELS } from '@crm/shared';
import { answer, fieldRefusal } from '../../test/answers';
import { addUser, db } from '../../test/fake-api';
import { renderApp } from '../../test/render';
// The screen is a lazy chunk: loaded with this file, not inside a first test's 5 s `findBy`
// (docs/testing.md).
import './settings-page';
import { setupUser, type User } from '../../test/user';

const putCalls = () =>
  db.calls.filter((call) => call.method === 'PUT' && call.path === '/api/settings');

async function openSettings() {
  const admin = addUser({ role: 'system admin' });
  renderApp('/main/settings', admin);
  await screen.findByRole('heading', { level: 1, name: 'Ajustes' });
  await screen.findByLabelText('CONTACTADO');
  return setupUser();
}

async function retype(user: User, label: string, text: string) {
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
    expect(db.settings).toMatchObject({
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
      ...db.settings,
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

describe('/main/settings "Ajustes": lost reasons and win probabilities (issue 21)', () => {
  it('renames, removes and adds lost reasons and changes a probability, saved with the days in one PUT', async () => {
    const user = await openSettings();
    expect(screen.getByLabelText('CONTACTADO (%)')).toHaveValue(20);

    await retype(user, 'Motivo 1', 'Precio alto');
    await user.click(screen.getByRole('button', { name: SETTINGS_LABELS.removeReason('Otro') }));
    await user.type(screen.getByLabelText(SETTINGS_LABELS.newReason), 'Presupuesto');
    await user.click(screen.getByRole('button', { name: SETTINGS_LABELS.addReason }));
    await retype(user, 'EN ESPERA (%)', '75');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText(SETTINGS_LABELS.saved)).toBeInTheDocument();
    expect(putCalls()).toHaveLength(1);
    expect(db.settings).toMatchObject({
      staleDays: { contacted: 5 },
      lostReasons: [
        'Precio alto',
        'Sin respuesta',
        'Eligió a la competencia',
        'Fecha no disponible',
        'Presupuesto',
      ],
      winProbability: { 'new request': 10, contacted: 20, 'quote sent': 40, 'follow up': 75 },
    });
  });

  it('keeps at least one reason, and refuses a probability over 100 next to its field', async () => {
    const user = await openSettings();
    for (const reason of [
      'Precio',
      'Sin respuesta',
      'Eligió a la competencia',
      'Fecha no disponible',
    ]) {
      await user.click(screen.getByRole('button', { name: SETTINGS_LABELS.removeReason(reason) }));
    }
    expect(
      screen.getByRole('button', { name: SETTINGS_LABELS.removeReason('Otro') }),
    ).toBeDisabled();

    await retype(user, 'NUEVA SOLICITUD (%)', '120');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    const field = screen.getByLabelText('NUEVA SOLICITUD (%)');
    expect(field).toHaveAccessibleDescription(FIELD_MESSAGES.probabilityInvalid);
    expect(field).toHaveFocus();
    expect(putCalls()).toEqual([]);
  });

  it("shows the API's 400 about the reasons under the list", async () => {
    const user = await openSettings();
    answer(
      'put',
      '/api/settings',
      400,
      fieldRefusal('lostReasons', FIELD_MESSAGES.lostReasonsInvalid),
    );
    await user.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findByText(FIELD_MESSAGES.lostReasonsInvalid)).toBeInTheDocument();
    expect(
      screen.getByRole('group', { name: SETTINGS_LABELS.lostReasonsHeading }),
    ).toHaveAccessibleDescription(
      `${SETTINGS_LABELS.lostReasonsHelp} ${FIELD_MESSAGES.lostReasonsInvalid}`,
    );
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
