import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AGENDA_LABELS, API_MESSAGES, OUTAGE_LABELS, SESSION_MESSAGES } from '@crm/shared';
import { dayOf } from '../../lib/activity-due';
import { addActivity, addRequest, addUser } from '../../test/fake-api';
import { startOutage } from '../../test/outage';
import { renderApp } from '../../test/render';
// The screen is a lazy chunk: loaded with this file, not inside a first test's 5 s `findBy`
// (docs/testing.md).
import './agenda-page';
import { setupUser } from '../../test/user';

const AGENDA_CALL = '/api/activities/agenda';

describe('/main/agenda: a range that failed to load can be retried (issue 25)', () => {
  it('when the agenda can’t be read, then each range shows its error with "Reintentar"; pressed once the server answers, that range lists its rows', async () => {
    const bea = addUser({ role: 'vendor' });
    addActivity(addRequest()._id, {
      ownerId: bea._id,
      title: 'Llamar hoy',
      dueDate: dayOf(new Date()),
    });
    const outage = startOutage('get', AGENDA_CALL);
    renderApp('/main/agenda', bea);

    const today = await screen.findByRole('region', { name: AGENDA_LABELS.today });
    // Issue 33: in Spanish, not the API's English 503 message.
    const alert = await within(today).findByRole('alert');
    expect(alert).toHaveTextContent(OUTAGE_LABELS.unreachable);
    expect(alert).not.toHaveTextContent(API_MESSAGES.databaseUnavailable);
    expect(alert).not.toHaveTextContent(SESSION_MESSAGES.errorPrefix.trim());
    for (const name of [AGENDA_LABELS.overdue, AGENDA_LABELS.week]) {
      const range = screen.getByRole('region', { name });
      expect(within(range).getByRole('alert')).toBeInTheDocument();
      expect(within(range).getByRole('button', { name: OUTAGE_LABELS.retry })).toBeInTheDocument();
    }

    outage.end();
    await setupUser().click(within(today).getByRole('button', { name: OUTAGE_LABELS.retry }));
    expect(await within(today).findByText('Llamar hoy')).toBeInTheDocument();
    expect(within(today).queryByRole('alert')).not.toBeInTheDocument();
    // The other ranges wait for their own button.
    expect(
      within(screen.getByRole('region', { name: AGENDA_LABELS.overdue })).getByRole('alert'),
    ).toBeInTheDocument();
  });
});
