import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, api, PROFILE_LABELS } from '@crm/shared';
import { addSession } from '../../test/fake-api';
import { addVendorAna, openProfile, section } from './profile.test-kit';

const sessions = () => section(PROFILE_LABELS.sessions);

/** Whether `token` still gets in: the profile as it would read it. */
const worksStill = async (token: string) =>
  (
    await fetch(new URL(api.profile.get.path, window.location.origin), {
      headers: { Authorization: `Bearer ${token}` },
    })
  ).status === 200;

function seedSessions() {
  const ana = addVendorAna();
  const phone = addSession(ana, {
    browser: 'Safari 17',
    os: 'iOS',
    address: '198.51.100.4',
    signedInAt: '2026-03-01T09:00:00.000Z',
    lastSeenAt: '2026-03-02T18:30:00.000Z',
  });
  const laptop = addSession(ana, {
    browser: 'Firefox 133',
    os: 'Windows 10',
    address: '203.0.113.7',
    signedInAt: '2026-03-03T09:00:00.000Z',
  });
  return { ana, phone, laptop };
}

describe('Perfil, "Sesiones" (issue 23)', () => {
  it('lists where the person is signed in, newest first, this one marked', async () => {
    const { ana } = seedSessions();
    await openProfile(ana);

    const items = await waitFor(() => {
      const found = sessions().getAllByRole('listitem');
      expect(found).toHaveLength(3);
      return found;
    });
    // This session (signed in now) first, marked, without a button to close it.
    expect(within(items[0]!).getByText(PROFILE_LABELS.thisSession)).toBeInTheDocument();
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent('Firefox 133 · Windows 10');
    expect(items[1]).toHaveTextContent(`${PROFILE_LABELS.address}: 203.0.113.7`);
    expect(items[2]).toHaveTextContent('Safari 17 · iOS');
    expect(items[2]).toHaveTextContent(`${PROFILE_LABELS.signedInAt}: 01/03/26`);
    expect(items[2]).toHaveTextContent(`${PROFILE_LABELS.lastSeen}: 02/03/26`);
  });

  it('"Cerrar sesión" signs that session out: its token stops working at once', async () => {
    const { ana, phone, laptop } = seedSessions();
    const { user } = await openProfile(ana);

    await user.click(
      await sessions().findByRole('button', {
        name: `${PROFILE_LABELS.closeSession}: Safari 17 · iOS, 198.51.100.4`,
      }),
    );

    expect(await sessions().findByText(ACCOUNT_MESSAGES.sessionClosed)).toBeInTheDocument();
    expect(sessions().queryByText('Safari 17 · iOS')).not.toBeInTheDocument();
    expect(sessions().getByText('Firefox 133 · Windows 10')).toBeInTheDocument();
    expect(await worksStill(phone.token)).toBe(false);
    expect(await worksStill(laptop.token)).toBe(true);
  });

  it('"Cerrar las demás sesiones" leaves only this one', async () => {
    const { ana, phone, laptop } = seedSessions();
    const { user } = await openProfile(ana);

    await user.click(await sessions().findByRole('button', { name: PROFILE_LABELS.closeOthers }));

    expect(await sessions().findByText(ACCOUNT_MESSAGES.otherSessionsClosed)).toBeInTheDocument();
    expect(sessions().getAllByRole('listitem')).toHaveLength(1);
    expect(sessions().getByText(PROFILE_LABELS.thisSession)).toBeInTheDocument();
    expect(sessions().queryByRole('button', { name: PROFILE_LABELS.closeOthers })).toBeNull();
    expect(await worksStill(phone.token)).toBe(false);
    expect(await worksStill(laptop.token)).toBe(false);
  });
});
