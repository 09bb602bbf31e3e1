import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_LABELS } from '@crm/shared';
import {
  addActivity,
  addRequest,
  addSession,
  addUser,
  db,
  savePreferences,
} from '../test/fake-api';
import { renderApp } from '../test/render';
import { cardName } from '../test/requests';

// Issue 33: every date and time in the person's zone, not the browser's. The browser is in Tokyo;
// the person chose Santiago (UTC-3 in March). One instant, 02:00 UTC on 5 March 2030, is the 5th
// at 11:00 in Tokyo and the 4th at 23:00 in Santiago.
const BROWSER_ZONE = 'Asia/Tokyo';
const PERSON_ZONE = 'America/Santiago';
const AT = '2030-03-05T02:00:00.000Z';

afterEach(() => {
  vi.unstubAllEnvs();
});

function seedPersonInSantiago() {
  vi.stubEnv('TZ', BROWSER_ZONE);
  const admin = addUser({ role: 'system admin', name: 'Ada', lastName: 'Admin' });
  savePreferences(admin._id, { timeZone: PERSON_ZONE });
  return admin;
}

describe('dates and times in the person’s zone, not the browser’s (issue 33)', () => {
  it('the card’s date, its next step, the request’s activities and history show Santiago’s day and time', async () => {
    const admin = seedPersonInSantiago();
    const request = addRequest({ vendor: admin._id, createdAt: AT });
    // Planned by someone in UTC for 15:00 on 10 March: 12:00 in Santiago, 00:00 on the 11th in Tokyo.
    addActivity(request._id, {
      title: 'Llamar a Marta',
      dueDate: '2030-03-10',
      dueTime: '15:00',
      dueAt: '2030-03-10T15:00:00.000Z',
    });
    db.history.set(request._id, [
      { at: AT, by: admin._id, field: 'status', from: 'new request', to: 'contacted' },
    ]);

    renderApp(`/main/requests/${request._id}`, admin);

    // Behind the open dialog, the board is hidden from the accessibility tree.
    const card = await screen.findByRole('article', { name: cardName(request), hidden: true });
    expect(card).toHaveTextContent('Fecha:04/03/30');
    expect(card).toHaveTextContent('10 mar 2030 12:00');
    const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
    // The window's form is a chunk of its own (issue 33): it comes after the dialog.
    await userEvent
      .setup()
      .click(await within(dialog).findByRole('button', { name: /^Historial/ }));
    const history = await within(dialog).findByRole('list', { name: 'Historial' });
    expect(history).toHaveTextContent('· 04/03/30 23:00');
    await waitFor(() => expect(dialog).toHaveTextContent('Llamar a Marta'));
    expect(dialog).toHaveTextContent('10 mar 2030 12:00');
    expect(dialog).not.toHaveTextContent('15:00');
  });

  it('the agenda shows an overdue activity at Santiago’s time', async () => {
    const admin = seedPersonInSantiago();
    const request = addRequest({ vendor: admin._id });
    addActivity(request._id, {
      title: 'Llamar a Marta',
      dueDate: '2020-03-10',
      dueTime: '15:00',
      dueAt: '2020-03-10T15:00:00.000Z',
      ownerId: admin._id,
    });

    renderApp('/main/agenda', admin);

    const row = (await screen.findByText('Llamar a Marta')).closest('li');
    expect(row).toHaveTextContent('10 mar 2020 12:00');
  });

  it('Perfil’s sessions say when each began and was last used in Santiago', async () => {
    const admin = seedPersonInSantiago();
    addSession(admin, { browser: 'Safari 17', os: 'iOS', signedInAt: AT, lastSeenAt: AT });

    renderApp('/main/profile', admin);

    const sessions = await screen.findByRole('region', { name: PROFILE_LABELS.sessions });
    const safari = await within(sessions).findByText(/Safari 17/);
    expect(safari.closest('li')).toHaveTextContent(
      `${PROFILE_LABELS.signedInAt}: 04/03/30 23:00 · ${PROFILE_LABELS.lastSeen}: 04/03/30 23:00`,
    );
  });
});
