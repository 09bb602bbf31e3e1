import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, CREATE_USER_MESSAGES, PROFILE_LABELS } from '@crm/shared';
import { addSession, PASSWORD } from '../../test/fake-api';
import { addVendorAna, callsTo, openProfile, section } from './profile.test-kit';

const passwords = () => section(PROFILE_LABELS.password);
const NEW_PASSWORD = 'Otra.Clave9';

async function typePasswords(
  user: Awaited<ReturnType<typeof openProfile>>['user'],
  current: string,
  next: string,
  confirm: string,
) {
  await user.type(passwords().getByLabelText(PROFILE_LABELS.currentPassword), current);
  await user.type(passwords().getByLabelText(PROFILE_LABELS.newPassword), next);
  await user.type(passwords().getByLabelText(PROFILE_LABELS.confirmPassword), confirm);
  await user.click(passwords().getByRole('button', { name: PROFILE_LABELS.changePassword }));
}

describe('Perfil, "Contraseña" (issue 23)', () => {
  it('refuses a confirmation that does not match, sending nothing', async () => {
    const { user } = await openProfile(addVendorAna());
    await typePasswords(user, PASSWORD, NEW_PASSWORD, 'Otra.Clave8');

    expect(passwords().getByLabelText(PROFILE_LABELS.confirmPassword)).toHaveAccessibleDescription(
      CREATE_USER_MESSAGES.passwordsDoNotMatch,
    );
    expect(callsTo('POST', '/api/me/password')).toEqual([]);
  });

  it('a wrong current password shows at its field; what was typed stays', async () => {
    const ana = addVendorAna();
    const { user } = await openProfile(ana);
    await typePasswords(user, 'No.Es.Esta1', NEW_PASSWORD, NEW_PASSWORD);

    const current = passwords().getByLabelText(PROFILE_LABELS.currentPassword);
    await waitFor(() =>
      expect(current).toHaveAccessibleDescription(ACCOUNT_MESSAGES.currentPasswordWrong),
    );
    expect(current).toHaveValue('No.Es.Esta1');
    expect(passwords().getByLabelText(PROFILE_LABELS.newPassword)).toHaveValue(NEW_PASSWORD);
    expect(ana.password).toBe(PASSWORD);
  });

  it('changes it, says the other sessions were closed, and they are gone from the list', async () => {
    const ana = addVendorAna();
    addSession(ana, { browser: 'Firefox 133', os: 'Windows 10', address: '203.0.113.7' });
    const { user } = await openProfile(ana);
    const sessions = section(PROFILE_LABELS.sessions);
    expect(await sessions.findByText('Firefox 133 · Windows 10')).toBeInTheDocument();

    await typePasswords(user, PASSWORD, NEW_PASSWORD, NEW_PASSWORD);

    expect(await passwords().findByRole('status')).toHaveTextContent(
      ACCOUNT_MESSAGES.passwordChanged,
    );
    expect(ana.password).toBe(NEW_PASSWORD);
    expect(passwords().getByLabelText(PROFILE_LABELS.currentPassword)).toHaveValue('');
    await waitFor(() =>
      expect(sessions.queryByText('Firefox 133 · Windows 10')).not.toBeInTheDocument(),
    );
    // This session goes on.
    expect(screen.getByRole('heading', { level: 1, name: PROFILE_LABELS.heading })).toBeVisible();
  });
});
