import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  MAX_TWO_FACTOR_GRACE_DAYS,
  SETTINGS_LABELS,
  TWO_FACTOR_POLICY_MESSAGES,
} from '@crm/shared';
import { addUser, db, twoFactorFake } from '../../test/fake-api';
import { renderApp } from '../../test/render';
// The screen is a lazy chunk: loaded with this file, not inside a first test's 5 s `findBy`
// (docs/testing.md).
import './settings-page';
import { setupUser } from '../../test/user';

// Issue 32: Ajustes' "Exigir verificación en dos pasos".

async function openSection() {
  renderApp('/main/settings', addUser({ role: 'system admin' }));
  const section = within(await screen.findByRole('region', { name: 'Verificación en dos pasos' }));
  await section.findByLabelText('Exigir verificación en dos pasos');
  return { section, user: setupUser() };
}

const saveButton = (section: ReturnType<typeof within>) =>
  section.getByRole('button', { name: /^Guardar/ });

describe('Ajustes, "Exigir verificación en dos pasos" (issue 32)', () => {
  it('shows nadie and 7 days at first, and saves administradores with 3 days', async () => {
    const { section, user } = await openSection();
    const require = section.getByLabelText('Exigir verificación en dos pasos');
    expect(require).toHaveDisplayValue('Nadie');
    expect(
      within(require)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Nadie', 'Administradores', 'Todos']);
    expect(section.getByLabelText('Días de gracia')).toHaveValue(7);

    await user.selectOptions(require, 'Administradores');
    await user.clear(section.getByLabelText('Días de gracia'));
    await user.type(section.getByLabelText('Días de gracia'), '3');
    await user.click(saveButton(section));

    expect(await section.findByText(SETTINGS_LABELS.saved)).toBeInTheDocument();
    expect(twoFactorFake.policy).toEqual({ require: 'admins', graceDays: 3 });
    // Its own call: the board's settings are not sent again.
    expect(db.calls.filter((call) => call.method === 'PUT').map((call) => call.path)).toEqual([
      '/api/settings/two-factor',
    ]);
  });

  it('refuses a grace out of range under its field, sending nothing', async () => {
    const { section, user } = await openSection();
    await user.clear(section.getByLabelText('Días de gracia'));
    await user.type(section.getByLabelText('Días de gracia'), '120');
    await user.click(saveButton(section));
    expect(section.getByLabelText('Días de gracia')).toHaveAccessibleDescription(
      TWO_FACTOR_POLICY_MESSAGES.graceInvalid(MAX_TWO_FACTOR_GRACE_DAYS),
    );
    expect(db.calls.filter((call) => call.method === 'PUT')).toEqual([]);
  });
});
