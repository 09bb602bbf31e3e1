import { waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_LABELS } from '@crm/shared';
import { addSession, savePreferences } from '../../test/fake-api';
import { addVendorAna, callsTo, openProfile, section } from './profile.test-kit';

const preferences = () => section(PROFILE_LABELS.preferences);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('Perfil, "Preferencias" (issue 23 gives issue 20’s preferences a screen)', () => {
  it('changes the time zone, showing the one in effect; the browser’s is offered first', async () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    const ana = addVendorAna();
    savePreferences(ana._id, { timeZone: 'Europe/Madrid' });
    const { user } = await openProfile(ana);
    const zone = await preferences().findByLabelText(PROFILE_LABELS.timeZone);
    expect(zone).toHaveValue('Europe/Madrid');
    expect(zone).toHaveAccessibleDescription(PROFILE_LABELS.effectiveTimeZone('Europe/Madrid'));
    const options = within(zone).getAllByRole('option');
    expect(options[0]).toHaveTextContent(PROFILE_LABELS.browserTimeZone('Asia/Tokyo'));
    expect(options[0]).toHaveValue('Asia/Tokyo');
    expect(options.filter((option) => option.textContent === 'Asia/Tokyo')).toHaveLength(0);
    // Once set, the product's own zone is no longer a choice (the web set the browser's).
    expect(within(zone).queryByRole('option', { name: PROFILE_LABELS.defaultTimeZone })).toBeNull();

    await user.selectOptions(zone, 'America/Santiago');

    expect(await preferences().findByText(PROFILE_LABELS.preferencesSaved)).toBeInTheDocument();
    await waitFor(() =>
      expect(zone).toHaveAccessibleDescription(
        PROFILE_LABELS.effectiveTimeZone('America/Santiago'),
      ),
    );
    expect(zone).toHaveValue('America/Santiago');

    await user.selectOptions(zone, 'Asia/Tokyo');
    await waitFor(() => expect(zone).toHaveValue('Asia/Tokyo'));
    expect(callsTo('PATCH', '/api/me/preferences').map((call) => call.body)).toEqual([
      { timeZone: 'America/Santiago' },
      { timeZone: 'Asia/Tokyo' },
    ]);
  });

  it('turns one reminder email off, leaving the other', async () => {
    const ana = addVendorAna();
    savePreferences(ana._id, { timeZone: 'America/Santiago' });
    const { user } = await openProfile(ana);
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

  it('turns the notice of a customer’s mail on (issue 35), off until then', async () => {
    const ana = addVendorAna();
    savePreferences(ana._id, { timeZone: 'America/Santiago' });
    const { user } = await openProfile(ana);
    const notice = await preferences().findByRole('checkbox', {
      name: PROFILE_LABELS.emailCustomerMail,
    });
    expect(notice).not.toBeChecked();

    await user.click(notice);

    expect(await preferences().findByText(PROFILE_LABELS.preferencesSaved)).toBeInTheDocument();
    await waitFor(() => expect(notice).toBeChecked());
    expect(preferences().getByRole('checkbox', { name: PROFILE_LABELS.emailDigest })).toBeChecked();
    expect(callsTo('PATCH', '/api/me/preferences').map((call) => call.body)).toEqual([
      { emailCustomerMail: true },
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

describe('the first sign-in on the web sets the browser’s zone (issue 33)', () => {
  it('when the person’s zone was never set, then the browser’s is saved once, and not again on the next visit', async () => {
    vi.stubEnv('TZ', 'Asia/Tokyo');
    const ana = addVendorAna();
    const first = await openProfile(ana);
    const zone = await preferences().findByLabelText(PROFILE_LABELS.timeZone);
    expect(zone).toHaveValue('Asia/Tokyo');
    expect(zone).toHaveAccessibleDescription(PROFILE_LABELS.effectiveTimeZone('Asia/Tokyo'));
    expect(callsTo('PATCH', '/api/me/preferences').map((call) => call.body)).toEqual([
      { timeZone: 'Asia/Tokyo' },
    ]);
    first.unmount();

    // Another browser, elsewhere: the zone stays the person's.
    vi.stubEnv('TZ', 'Europe/Madrid');
    await openProfile(ana);
    expect(await preferences().findByLabelText(PROFILE_LABELS.timeZone)).toHaveValue('Asia/Tokyo');
    expect(callsTo('PATCH', '/api/me/preferences')).toHaveLength(1);
  });

  it('when the browser’s zone is not one a person may choose, then nothing is saved and the system’s stays', async () => {
    vi.stubEnv('TZ', 'Etc/GMT+3');
    await openProfile(addVendorAna());
    const zone = await preferences().findByLabelText(PROFILE_LABELS.timeZone);
    expect(zone).toHaveValue('');
    expect(zone).toHaveDisplayValue(PROFILE_LABELS.defaultTimeZone);
    expect(callsTo('PATCH', '/api/me/preferences')).toHaveLength(0);
  });
});
