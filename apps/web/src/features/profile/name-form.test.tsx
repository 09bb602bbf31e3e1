import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, EDIT_USER_MESSAGES, PROFILE_LABELS } from '@crm/shared';
import { answer, fieldRefusal } from '../../test/answers';
import { accountMail, lastLink } from '../../test/fake-api';
import { addVendorAna, callsTo, openProfile, section } from './profile.test-kit';

const personal = () => section(PROFILE_LABELS.personal);

describe('Perfil, "Datos personales" (issue 23)', () => {
  it('saves the name and last name; the sidebar greets the person by the new name at once', async () => {
    const ana = addVendorAna();
    const { user } = await openProfile(ana);
    expect(screen.getByText('Hi, Ana G')).toBeInTheDocument();

    await user.clear(personal().getByLabelText(PROFILE_LABELS.name));
    await user.type(personal().getByLabelText(PROFILE_LABELS.name), 'Anabel');
    await user.clear(personal().getByLabelText(PROFILE_LABELS.lastName));
    await user.type(personal().getByLabelText(PROFILE_LABELS.lastName), 'Soto');
    await user.click(personal().getByRole('button', { name: PROFILE_LABELS.save }));

    expect(await personal().findByText(ACCOUNT_MESSAGES.profileSaved)).toBeInTheDocument();
    expect(ana).toMatchObject({ name: 'Anabel', lastName: 'Soto' });
    expect(await screen.findByText('Hi, Anabel S')).toBeInTheDocument();
    expect(personal().getByLabelText(PROFILE_LABELS.name)).toHaveValue('Anabel');
  });

  it('refuses an empty name at its field, sending nothing', async () => {
    const { user } = await openProfile(addVendorAna());
    await user.clear(personal().getByLabelText(PROFILE_LABELS.name));
    await user.click(personal().getByRole('button', { name: PROFILE_LABELS.save }));

    const name = personal().getByLabelText(PROFILE_LABELS.name);
    expect(name).toHaveAccessibleDescription(EDIT_USER_MESSAGES.nameRequired);
    expect(name).toHaveFocus();
    expect(callsTo('PATCH', '/api/me/profile')).toEqual([]);
  });

  it('when the server refuses a field, shows its message there and keeps what was typed', async () => {
    const { user } = await openProfile(addVendorAna());
    answer(
      'patch',
      '/api/me/profile',
      400,
      fieldRefusal('lastName', EDIT_USER_MESSAGES.lastNameRequired),
    );
    await user.clear(personal().getByLabelText(PROFILE_LABELS.lastName));
    await user.type(personal().getByLabelText(PROFILE_LABELS.lastName), 'Ruiz Tagle');
    await user.click(personal().getByRole('button', { name: PROFILE_LABELS.save }));

    const lastName = personal().getByLabelText(PROFILE_LABELS.lastName);
    await waitFor(() =>
      expect(lastName).toHaveAccessibleDescription(EDIT_USER_MESSAGES.lastNameRequired),
    );
    expect(lastName).toHaveValue('Ruiz Tagle');
  });

  it('"Cambiar correo" mails a link to the new address and shows it pending', async () => {
    const ana = addVendorAna();
    const { user } = await openProfile(ana);
    expect(personal().getByText('ana@crm.test')).toBeInTheDocument();

    await user.type(personal().getByLabelText(PROFILE_LABELS.newEmail), 'ana.garcia@crm.test');
    await user.type(personal().getByLabelText(PROFILE_LABELS.currentPassword), ana.password);
    await user.click(personal().getByRole('button', { name: PROFILE_LABELS.changeEmail }));

    expect(
      await personal().findByText(ACCOUNT_MESSAGES.emailChangeSent('ana.garcia@crm.test')),
    ).toBeInTheDocument();
    expect(
      await personal().findByText(PROFILE_LABELS.pendingEmail('ana.garcia@crm.test')),
    ).toBeInTheDocument();
    expect(lastLink('ana.garcia@crm.test')).toContain('/confirmar-correo?token=');
    expect(personal().getByLabelText(PROFILE_LABELS.newEmail)).toHaveValue('');
  });

  it('a wrong current password shows at its field, the typing kept, nothing mailed', async () => {
    const { user } = await openProfile(addVendorAna());
    await user.type(personal().getByLabelText(PROFILE_LABELS.newEmail), 'nueva@crm.test');
    await user.type(personal().getByLabelText(PROFILE_LABELS.currentPassword), 'No.Es.Esta1');
    await user.click(personal().getByRole('button', { name: PROFILE_LABELS.changeEmail }));

    const current = personal().getByLabelText(PROFILE_LABELS.currentPassword);
    await waitFor(() =>
      expect(current).toHaveAccessibleDescription(ACCOUNT_MESSAGES.currentPasswordWrong),
    );
    expect(personal().getByLabelText(PROFILE_LABELS.newEmail)).toHaveValue('nueva@crm.test');
    expect(accountMail.sent).toEqual([]);
  });

  it('without a mail server, says the email can’t be changed here', async () => {
    accountMail.smtp = false;
    const ana = addVendorAna();
    const { user } = await openProfile(ana);
    await user.type(personal().getByLabelText(PROFILE_LABELS.newEmail), 'nueva@crm.test');
    await user.type(personal().getByLabelText(PROFILE_LABELS.currentPassword), ana.password);
    await user.click(personal().getByRole('button', { name: PROFILE_LABELS.changeEmail }));

    expect(await personal().findByRole('alert')).toHaveTextContent(
      ACCOUNT_MESSAGES.mailUnavailable,
    );
    expect(personal().getByLabelText(PROFILE_LABELS.newEmail)).toHaveValue('nueva@crm.test');
  });
});
