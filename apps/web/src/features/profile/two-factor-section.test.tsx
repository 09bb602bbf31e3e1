import { waitFor } from '@testing-library/react';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  systemTimeZone,
  TWO_FACTOR_LABELS,
  TWO_FACTOR_LOGIN_LABELS,
  TWO_FACTOR_MESSAGES,
  formatDateTime,
} from '@crm/shared';
import { addSession, twoFactorFake } from '../../test/fake-api';
import { addVendorAna, callsTo, openProfile, section } from './profile.test-kit';

// Issue 32: Perfil's "Verificación en dos pasos".

const twoFactor = () => section(TWO_FACTOR_LOGIN_LABELS.heading);
const codeOf = (secret: string, timestamp = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

describe('Perfil, "Verificación en dos pasos" (issue 32)', () => {
  it('turns it on: the QR code and the secret, a code confirms, the ten recovery codes are shown once', async () => {
    const ana = addVendorAna();
    const laptop = addSession(ana);
    const { user } = await openProfile(ana);
    await user.click(await twoFactor().findByRole('button', { name: TWO_FACTOR_LABELS.start }));

    const qr = await twoFactor().findByRole('img', { name: TWO_FACTOR_LOGIN_LABELS.qrAlt });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    const secret = twoFactor().getByText(/^[A-Z2-7]{32}$/).textContent ?? '';
    const code = twoFactor().getByLabelText(TWO_FACTOR_LOGIN_LABELS.code);
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    // A code of another time: refused, in Spanish, under the field.
    await user.type(code, codeOf(secret, Date.now() + 600_000));
    await user.click(twoFactor().getByRole('button', { name: TWO_FACTOR_LABELS.confirm }));
    expect(await twoFactor().findByText(TWO_FACTOR_MESSAGES.wrongCode)).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, codeOf(secret));
    await user.click(twoFactor().getByRole('button', { name: TWO_FACTOR_LABELS.confirm }));
    await twoFactor().findByText(TWO_FACTOR_LOGIN_LABELS.recoveryTitle);
    expect(twoFactor().getAllByRole('listitem')).toHaveLength(10);
    expect(
      twoFactor().getByRole('link', { name: TWO_FACTOR_LOGIN_LABELS.download }),
    ).toHaveAttribute('download', 'codigos-de-recuperacion.txt');
    // The other session, opened with the password alone, ended.
    expect(twoFactorFake.users.get(ana._id)?.enabledAt).toBeTruthy();
    expect(
      (
        await fetch(new URL('/api/me/two-factor', window.location.origin), {
          headers: { Authorization: `Bearer ${laptop.token}` },
        })
      ).status,
    ).toBe(401);

    await user.click(twoFactor().getByRole('button', { name: TWO_FACTOR_LOGIN_LABELS.done }));
    expect(twoFactor().queryByText(TWO_FACTOR_LOGIN_LABELS.recoveryTitle)).not.toBeInTheDocument();
    expect(
      await twoFactor().findByText(TWO_FACTOR_LABELS.recoveryLeft(10), { exact: false }),
    ).toBeInTheDocument();
  });

  it('turns it off with the current password; a wrong one is told under the field', async () => {
    const ana = addVendorAna();
    twoFactorFake.users.set(ana._id, {
      secret: new Secret({ size: 20 }).base32,
      enabledAt: '2026-11-01T10:00:00.000Z',
      lastStep: -1,
      recovery: ['aaaabbbbcccc'],
    });
    const { user } = await openProfile(ana);
    expect(await twoFactor().findByText(TWO_FACTOR_LABELS.on)).toBeInTheDocument();
    expect(
      twoFactor().getByText(TWO_FACTOR_LABELS.recoveryLeft(1), { exact: false }),
    ).toBeInTheDocument();
    const password = twoFactor().getByLabelText('Contraseña actual');
    await user.type(password, 'Otra.Cosa.9');
    await user.click(twoFactor().getByRole('button', { name: TWO_FACTOR_LABELS.disable }));
    expect(await twoFactor().findByText(ACCOUNT_MESSAGES.currentPasswordWrong)).toBeInTheDocument();
    await user.clear(password);
    await user.type(password, 'Secreto.123');
    await user.click(twoFactor().getByRole('button', { name: TWO_FACTOR_LABELS.disable }));
    expect(
      await twoFactor().findByRole('button', { name: TWO_FACTOR_LABELS.start }),
    ).toBeInTheDocument();
    expect(callsTo('POST', '/api/me/two-factor/disable')).toHaveLength(2);
  });

  it('when the administrator requires it, says until when it may wait', async () => {
    twoFactorFake.policy = { require: 'everyone', graceDays: 7 };
    const ana = addVendorAna();
    twoFactorFake.users.set(ana._id, {
      lastStep: -1,
      recovery: [],
      graceStartedAt: Date.parse('2026-11-20T15:00:00.000Z'),
    });
    await openProfile(ana);
    const notice = await twoFactor().findByRole('status');
    await waitFor(() => expect(notice).toHaveTextContent(/exige la verificación en dos pasos/));
    // Seven days from their first sign-in under it.
    expect(notice).toHaveTextContent(
      `antes del ${formatDateTime('2026-11-27T15:00:00.000Z', systemTimeZone())}`,
    );
  });
});
