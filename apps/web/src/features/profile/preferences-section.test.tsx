import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PROFILE_LABELS, systemTimeZone } from '@crm/shared';
import { addSession } from '../../test/fake-api';
import { addVendorAna, callsTo, openProfile, section } from './profile.test-kit';

const preferences = () => section(PROFILE_LABELS.preferences);

describe('Perfil, "Preferencias" (issue 23 gives issue 20’s preferences a screen)', () => {
  it('changes the time zone, showing the one in effect; back to the system’s with its option', async () => {
    const { user } = await openProfile(addVendorAna());
    const zone = await preferences().findByLabelText(PROFILE_LABELS.timeZone);
    expect(zone).toHaveValue('');
    expect(zone).toHaveAccessibleDescription(PROFILE_LABELS.effectiveTimeZone(systemTimeZone()));

    await user.selectOptions(zone, 'America/Santiago');

    expect(await preferences().findByText(PROFILE_LABELS.preferencesSaved)).toBeInTheDocument();
    await waitFor(() =>
      expect(zone).toHaveAccessibleDescription(
        PROFILE_LABELS.effectiveTimeZone('America/Santiago'),
      ),
    );
    expect(zone).toHaveValue('America/Santiago');

    await user.selectOptions(zone, PROFILE_LABELS.defaultTimeZone);
    await waitFor(() => expect(zone).toHaveValue(''));
    expect(callsTo('PATCH', '/api/me/preferences').map((call) => call.body)).toEqual([
      { timeZone: 'America/Santiago' },
      { timeZone: null },
    ]);
  });

  it('turns one reminder email off, leaving the other', async () => {
    const { user } = await openProfile(addVendorAna());
    const digest = await preferences().findByRole('checkbox', { name: PROFILE_LABELS.emailDigest });
    const reminders = preferences().getByRole('checkbox', { name: PROFILE_LABELS.emailReminders });
    expect(digest).toBeChecked();
    expect(reminders).toBeChecked();

    await user.click(reminders);

    await waitFor(() => expect(reminders).not.toBeChecked());
    expect(digest).toBeChecked();
    expect(callsTo('PATCH', '/api/me/preferences').map((call) => call.body)).toEqual([
      { emailReminders: false },
    ]);
  });

  it('creates a calendar address shown once, and revokes it', async () => {
    const { user } = await openProfile(addVendorAna());
    await user.click(
      await preferences().findByRole('button', { name: PROFILE_LABELS.createCalendarFeed }),
    );

    const address = await preferences().findByLabelText(PROFILE_LABELS.calendarFeedOnce);
    expect((address as HTMLInputElement).value).toMatch(/\/api\/calendar\/[\w-]{43}\.ics$/);
    expect(
      await preferences().findByRole('button', { name: PROFILE_LABELS.replaceCalendarFeed }),
    ).toBeInTheDocument();

    await user.click(
      preferences().getByRole('button', { name: PROFILE_LABELS.revokeCalendarFeed }),
    );

    expect(await preferences().findByText(PROFILE_LABELS.calendarFeedRevoked)).toBeInTheDocument();
    expect(preferences().queryByLabelText(PROFILE_LABELS.calendarFeedOnce)).toBeNull();
    expect(
      preferences().getByRole('button', { name: PROFILE_LABELS.createCalendarFeed }),
    ).toBeInTheDocument();
  });

  it('when the other sessions are closed, then the calendar address is gone and a new one can be made (issue 32)', async () => {
    const ana = addVendorAna();
    addSession(ana, { browser: 'Safari 17', os: 'iOS', address: '198.51.100.4' });
    const { user } = await openProfile(ana);
    await user.click(
      await preferences().findByRole('button', { name: PROFILE_LABELS.createCalendarFeed }),
    );
    expect(
      await preferences().findByLabelText(PROFILE_LABELS.calendarFeedOnce),
    ).toBeInTheDocument();

    await user.click(
      await section(PROFILE_LABELS.sessions).findByRole('button', {
        name: PROFILE_LABELS.closeOthers,
      }),
    );

    expect(
      await preferences().findByRole('button', { name: PROFILE_LABELS.createCalendarFeed }),
    ).toBeInTheDocument();
    expect(preferences().queryByLabelText(PROFILE_LABELS.calendarFeedOnce)).toBeNull();
    expect(preferences().queryByText(PROFILE_LABELS.calendarFeedActive)).toBeNull();
  });
});
