import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AGENDA_LABELS } from '@crm/shared';
import { addDays, dayOf } from '../lib/activity-due';
import { addActivity, addRequest, addUser, db } from '../test/fake-api';
import { renderApp } from '../test/render';
import { server } from '../test/server';

const DUE_COUNT = '/api/activities/due-count';
const today = dayOf(new Date());
const findBell = (count: number) => screen.findByRole('link', { name: AGENDA_LABELS.bell(count) });

describe('the bell (issue 20)', () => {
  it("counts the person's overdue and today's open activities, and leads to the agenda", async () => {
    const bea = addUser({ role: 'vendor' });
    const other = addUser({ role: 'vendor' });
    const request = addRequest();
    addActivity(request._id, { ownerId: bea._id, dueDate: addDays(today, -1) });
    addActivity(request._id, { ownerId: bea._id, dueDate: today });
    addActivity(request._id, { ownerId: bea._id, dueDate: addDays(today, 2) });
    addActivity(request._id, { ownerId: other._id, dueDate: today });
    addActivity(request._id, { ownerId: bea._id, dueDate: today, done: true });
    renderApp('/main/home', bea);

    const bell = await findBell(2);
    expect(bell).toHaveTextContent('2');
    expect(bell).toHaveAttribute('href', '/main/agenda');
  });

  it('shows no number when nothing is due, for a driver too', async () => {
    const carlos = addUser({ role: 'driver' });
    renderApp('/main/home', carlos);
    expect(await findBell(0)).toHaveTextContent('');
  });

  it('asks again when the server says, without a reload', async () => {
    const bea = addUser({ role: 'vendor' });
    let count = 1;
    let asked = 0;
    server.use(
      http.get(DUE_COUNT, () => {
        asked += 1;
        return HttpResponse.json({ count, pollAfterMs: 150 });
      }),
    );
    renderApp('/main/home', bea);
    await findBell(1);

    count = 4;

    expect(await findBell(4)).toHaveTextContent('4');
    expect(asked).toBeGreaterThanOrEqual(2);
  });

  it('asks again when the window gets the focus back', async () => {
    const bea = addUser({ role: 'vendor' });
    renderApp('/main/home', bea);
    await findBell(0);
    const request = addRequest();
    addActivity(request._id, { ownerId: bea._id, dueDate: today });
    const before = db.calls.filter((call) => call.path === DUE_COUNT).length;

    // As a browser does when the tab is shown again (TanStack Query's focusManager listens on window).
    window.dispatchEvent(new Event('visibilitychange'));

    expect(await findBell(1)).toHaveTextContent('1');
    await waitFor(() =>
      expect(db.calls.filter((call) => call.path === DUE_COUNT).length).toBeGreaterThan(before),
    );
  });
});
