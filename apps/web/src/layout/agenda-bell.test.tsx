import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { AGENDA_LABELS, OUTCOME_LABELS, addDays, formatMoney } from '@crm/shared';
import { dayOf } from '../lib/activity-due';
import { BELL_QUIET_MS } from '../api/activities/get-due-count';
import { addActivity, addRequest, addUser, db } from '../test/fake-api';
import { findCard } from '../test/board';
import { renderApp } from '../test/render';
import { server } from '../test/server';

const DUE_COUNT = '/api/activities/due-count';
const today = dayOf(new Date());
const findBell = (count: number) => screen.findByRole('link', { name: AGENDA_LABELS.bell(count) });
const BOARD_CALL = '/api/form-contact/board';
const SETTINGS_CALL = '/api/settings';
const DAY_MS = 24 * 60 * 60 * 1000;
const callsTo = (path: string) => db.calls.filter((call) => call.path === path).length;

/**
 * Holds every GET of `path` until `release()`, then lets the fake API answer it (a handler that
 * returns nothing hands the call on). `arrived()` counts the calls made so far, held or not.
 */
function hold(path: string) {
  let release = () => {};
  let arrived = 0;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  server.use(
    http.get(path, async () => {
      arrived += 1;
      await released;
    }),
  );
  return { release, arrived: () => arrived };
}

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

  it('counts the person’s requests with unread customer mail too (issue 35): the badge the sum, the name each', async () => {
    const bea = addUser({ role: 'vendor' });
    const other = addUser({ role: 'vendor' });
    addActivity(addRequest()._id, { ownerId: bea._id, dueDate: today });
    addRequest({ vendor: bea._id, unreadEmails: 2 });
    addRequest({ vendor: bea._id, unreadEmails: 1 });
    addRequest({ vendor: other._id, unreadEmails: 4 });
    addRequest({ vendor: null, unreadEmails: 1 });
    renderApp('/main/home', bea);

    const bell = await screen.findByRole('link', { name: AGENDA_LABELS.bell(1, 2) });
    expect(bell).toHaveAccessibleName(
      'Actividades vencidas y de hoy: 1. Solicitudes con correos sin leer: 2',
    );
    expect(bell).toHaveTextContent('3');
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
        return HttpResponse.json({ count, unreadMail: 0, pollAfterMs: 150 });
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

describe('the bell and the board’s first cards (issue 20: new features must not slow the board)', () => {
  it('shows the cards while the count and the settings are on their way; the badges, the amount and the count follow', async () => {
    const admin = addUser({ role: 'system admin' });
    const request = addRequest({
      name: 'Cliente Quieto',
      status: 'contacted',
      expectedValue: 1500000,
      stageChangedAt: new Date(Date.now() - 9 * DAY_MS - 60_000).toISOString(),
    });
    addActivity(request._id, { ownerId: admin._id, dueDate: today });
    const dueCount = hold(DUE_COUNT);
    const settings = hold(SETTINGS_CALL);
    renderApp('/main/requests', admin);

    const card = await findCard('Cliente Quieto');
    expect(settings.arrived()).toBe(1); // asked, and still unanswered
    expect(card).not.toHaveTextContent('Estancada');
    expect(within(card).queryByText(`${OUTCOME_LABELS.expectedValue}:`)).toBeNull();
    expect(screen.queryByRole('link', { name: AGENDA_LABELS.bell(1) })).toBeNull();

    settings.release();
    await waitFor(() => expect(card).toHaveTextContent('Estancada 9 días'));
    expect(card).toHaveTextContent(formatMoney(1500000, 'CLP'));

    await waitFor(() => expect(dueCount.arrived()).toBe(1));
    dueCount.release();
    expect(await findBell(1)).toHaveTextContent('1');
  });

  it('asks for the count only once the board’s first data is in, then shows it', async () => {
    const admin = addUser({ role: 'system admin' });
    const request = addRequest({ name: 'Cliente Uno' });
    addActivity(request._id, { ownerId: admin._id, dueDate: addDays(today, -1) });
    const board = hold(BOARD_CALL);
    renderApp('/main/requests', admin);

    await waitFor(() => expect(board.arrived()).toBe(1));
    // Well past the bell's quiet time, the board still loading: the bell has not asked.
    await new Promise((resolve) => setTimeout(resolve, BELL_QUIET_MS * 3));
    expect(callsTo(DUE_COUNT)).toBe(0);

    board.release();
    await findCard('Cliente Uno');
    expect(await findBell(1)).toHaveTextContent('1');
    const boardAt = db.calls.findIndex((call) => call.path === BOARD_CALL);
    const countAt = db.calls.findIndex((call) => call.path === DUE_COUNT);
    expect(countAt).toBeGreaterThan(boardAt);
  });
});
