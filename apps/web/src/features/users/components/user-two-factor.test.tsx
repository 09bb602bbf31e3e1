import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TWO_FACTOR_MESSAGES, TWO_FACTOR_ADMIN_LABELS } from '@crm/shared';
import { addSession, twoFactorFake } from '../../../test/fake-api';
import { addAdminAna, addVendorBruno, renderUsersPage } from './users.test-kit';

// Issue 32: an admin resets a user's second factor from Edit User.

async function openEditBruno(withTwoFactor: boolean) {
  const admin = addAdminAna();
  const bruno = addVendorBruno();
  if (withTwoFactor) {
    twoFactorFake.users.set(bruno._id, {
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      enabledAt: '2026-11-01T10:00:00.000Z',
      lastStep: -1,
      recovery: [],
    });
  }
  const user = renderUsersPage(admin);
  await user.click(await screen.findByRole('button', { name: 'Editar Bruno Díaz' }));
  // The dialog's code comes with the first pointer: under load it may open a moment after the click.
  const dialog = within(await screen.findByRole('dialog', { name: 'Edit User' }));
  return { bruno, user, dialog };
}

describe('Edit User, "Verificación en dos pasos" (issue 32)', () => {
  it('when the user has it, an admin removes it after confirming: their sessions end', async () => {
    const { bruno, user, dialog } = await openEditBruno(true);
    const phone = addSession(bruno);
    expect(await dialog.findByText(TWO_FACTOR_ADMIN_LABELS.userHas)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: TWO_FACTOR_ADMIN_LABELS.resetAction }));

    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByText(TWO_FACTOR_ADMIN_LABELS.resetConfirm)).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: TWO_FACTOR_ADMIN_LABELS.resetAction }));

    expect(await dialog.findByText(TWO_FACTOR_MESSAGES.reset)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: TWO_FACTOR_ADMIN_LABELS.resetAction })).toBeNull();
    expect(twoFactorFake.users.get(bruno._id)?.enabledAt).toBeUndefined();
    const answer = await fetch(new URL('/api/me/two-factor', window.location.origin), {
      headers: { Authorization: `Bearer ${phone.token}` },
    });
    expect(answer.status).toBe(401);
  });

  it('when the admin cancels the confirmation, the second factor stays', async () => {
    const { bruno, user, dialog } = await openEditBruno(true);
    await user.click(
      await dialog.findByRole('button', { name: TWO_FACTOR_ADMIN_LABELS.resetAction }),
    );
    const confirm = within(await screen.findByRole('alertdialog'));
    await user.click(confirm.getByRole('button', { name: TWO_FACTOR_ADMIN_LABELS.cancel }));
    expect(twoFactorFake.users.get(bruno._id)?.enabledAt).toBeTruthy();
  });

  it('says when the user has none, without the reset', async () => {
    const { dialog } = await openEditBruno(false);
    expect(await dialog.findByText(TWO_FACTOR_ADMIN_LABELS.userHasNot)).toBeInTheDocument();
    expect(dialog.queryByRole('button', { name: TWO_FACTOR_ADMIN_LABELS.resetAction })).toBeNull();
  });
});
