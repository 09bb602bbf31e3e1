import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AGENDA_LABELS,
  DASHBOARD_LABELS,
  OUTAGE_LABELS,
  type Dashboard,
  addDays,
} from '@crm/shared';
import { dayOf } from '../../lib/activity-due';
import { answer } from '../../test/answers';
import { addActivity, addRequest, db, type StoredUser } from '../../test/fake-api';
import { startOutage } from '../../test/outage';
import { renderApp } from '../../test/render';
import { atNow, seedDashboard } from './dashboard.test-kit';
// The screen is a lazy chunk: loaded with this file, not inside a first test's 5 s `findBy`
// (docs/testing.md).
import './home-page';
import { setupUser } from '../../test/user';

beforeEach(atNow);
afterEach(() => vi.useRealTimers());

const panel = (name: string) => screen.getByRole('region', { name });
/** A figure's text, its percent sign written closed up ("75%") whatever the ICU version's spacing. */
const textOf = (element: Element | null | undefined) =>
  element?.textContent?.replace(/[▲▼]/g, '').replace(/\s+%/g, '%').trim();
/** A table's rows as their cells' texts (header row included). */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => [...row.querySelectorAll('th, td')].map(textOf));
/** The link a figure opens, by its accessible name. */
const boardLinkOf = (figure: string) =>
  screen.getByRole('link', { name: DASHBOARD_LABELS.onBoard(figure) });

async function openHome(as: StoredUser, search = '') {
  renderApp(`/main/home${search}`, as);
  await screen.findByRole('heading', { level: 1, name: DASHBOARD_LABELS.title });
  await screen.findByRole('region', { name: DASHBOARD_LABELS.funnel });
  return setupUser();
}

describe('/main/home "Inicio" (issue 22): the panels', () => {
  it("shows the funnel of the period's requests: reached per stage and the conversion from the one before", async () => {
    const { admin } = seedDashboard();
    await openHome(admin);
    expect(rowsOf(within(panel(DASHBOARD_LABELS.funnel)).getByRole('table'))).toEqual([
      [DASHBOARD_LABELS.stage, DASHBOARD_LABELS.reached, DASHBOARD_LABELS.conversion],
      ['NUEVA SOLICITUD', '4', '—'],
      ['CONTACTADO', '3', '75%'],
      ['COTIZACIÓN ENVIADA', '2', '67%'],
      ['EN ESPERA', '2', '100%'],
      ['CERRADO', '2', '100%'],
    ]);
  });

  it('shows the weekly chart with its legend in words, and the same numbers as a table one toggle away', async () => {
    const { admin } = seedDashboard();
    const user = await openHome(admin);
    const weekly = panel(DASHBOARD_LABELS.weekly);
    expect(within(weekly).getByRole('img', { name: DASHBOARD_LABELS.weekly })).toBeInTheDocument();
    expect(within(weekly).getByText(DASHBOARD_LABELS.website)).toBeInTheDocument();
    expect(within(weekly).getByText(DASHBOARD_LABELS.otherSources)).toBeInTheDocument();

    await user.click(within(weekly).getByRole('button', { name: DASHBOARD_LABELS.showTable }));

    const rows = rowsOf(within(weekly).getByRole('table', { name: DASHBOARD_LABELS.weekly }));
    expect(rows[0]).toEqual([
      DASHBOARD_LABELS.week,
      DASHBOARD_LABELS.website,
      DASHBOARD_LABELS.otherSources,
      DASHBOARD_LABELS.total,
    ]);
    // 12 weeks, oldest first, this one (from Monday 16 November) last.
    expect(rows).toHaveLength(13);
    expect(rows[1]?.[0]).toBe('31 de agosto de 2026');
    expect(rows[12]).toEqual(['16 de noviembre de 2026', '0', '0', '0']);
    expect(rows).toContainEqual(['2 de noviembre de 2026', '2', '2', '4']);
    expect(rows).toContainEqual(['5 de octubre de 2026', '1', '0', '1']);
    expect(within(weekly).queryByRole('img')).not.toBeInTheDocument();

    await user.click(within(weekly).getByRole('button', { name: DASHBOARD_LABELS.showChart }));
    expect(within(weekly).getByRole('img', { name: DASHBOARD_LABELS.weekly })).toBeInTheDocument();
  });

  it('shows the days spent in each open stage by the requests that left it: count, median and p90', async () => {
    const { admin } = seedDashboard();
    await openHome(admin);
    expect(rowsOf(within(panel(DASHBOARD_LABELS.stageTimes)).getByRole('table'))).toEqual([
      [
        DASHBOARD_LABELS.stage,
        DASHBOARD_LABELS.left,
        DASHBOARD_LABELS.median,
        DASHBOARD_LABELS.p90,
      ],
      ['NUEVA SOLICITUD', '3', '4,0', '10,0'],
      ['CONTACTADO', '2', '3,0', '5,0'],
      ['COTIZACIÓN ENVIADA', '1', '1,0', '1,0'],
      ['EN ESPERA', '0', '—', '—'],
    ]);
  });

  it('shows the closed requests and their amount paid against the previous period, with the change', async () => {
    const { admin } = seedDashboard();
    await openHome(admin);
    const closed = panel(DASHBOARD_LABELS.closed);
    expect(within(closed).getByText(/1–31 de octubre de 2026/)).toBeInTheDocument();
    await waitFor(() =>
      expect(rowsOf(within(closed).getByRole('table'))).toEqual([
        ['', DASHBOARD_LABELS.period, DASHBOARD_LABELS.previousPeriod, DASHBOARD_LABELS.change],
        [DASHBOARD_LABELS.closedCount, '2', '1', '+1'],
        [DASHBOARD_LABELS.amountPaid, '$1.000.000', '$500.000', '+100%'],
      ]),
    );
  });

  it('shows won, lost, the success rate, the lost reasons ranked, the open pipeline and its forecast', async () => {
    const { admin } = seedDashboard();
    await openHome(admin);
    const outcomes = panel(DASHBOARD_LABELS.outcomes);
    const figure = (term: string) =>
      textOf(within(outcomes).getByText(term, { selector: 'dt' }).nextElementSibling);
    expect(figure('Ganadas')).toBe('1');
    expect(figure('Perdidas')).toBe('1');
    expect(figure('Sin resultado')).toBe('0');
    expect(figure(DASHBOARD_LABELS.winRate)).toBe('50%');
    expect(within(outcomes).getByRole('listitem')).toHaveTextContent('Precio1');
    await waitFor(() => expect(figure(DASHBOARD_LABELS.periodPipeline)).toBe('$3.000.000'));
    expect(figure(DASHBOARD_LABELS.periodForecast)).toBe('$400.000');
  });

  it("shows the team per executive, unassigned as 'Sin ejecutivo', sorted by a click on each header", async () => {
    const { admin } = seedDashboard();
    const user = await openHome(admin);
    const team = within(panel(DASHBOARD_LABELS.team)).getByRole('table');
    const header = (name: string) => within(team).getByRole('columnheader', { name });
    await waitFor(() =>
      // Every executive and admin is listed, with nothing or not (the API's rule).
      expect(rowsOf(team).slice(1)).toEqual([
        ['Ada Admin', '0', '0', '0', '$0'],
        ['Bea Ruiz', '1', '1', '2', '$1.000.000'],
        ['Carlos Soto', '1', '1', '0', '$0'],
        ['Sin ejecutivo', '1', '0', '0', '$0'],
      ]),
    );
    expect(header(DASHBOARD_LABELS.executive)).toHaveAttribute('aria-sort', 'ascending');
    // Issue 33: the column is the amount paid, and says so.
    expect(rowsOf(team)[0]?.at(-1)).toBe('Monto pagado');

    await user.click(within(header(DASHBOARD_LABELS.stale)).getByRole('button'));
    expect(header(DASHBOARD_LABELS.stale)).toHaveAttribute('aria-sort', 'descending');
    expect(header(DASHBOARD_LABELS.executive)).not.toHaveAttribute('aria-sort');
    expect(rowsOf(team).map((row) => row[0])).toEqual([
      DASHBOARD_LABELS.executive,
      'Bea Ruiz',
      'Carlos Soto',
      'Ada Admin',
      'Sin ejecutivo',
    ]);

    await user.click(within(header(DASHBOARD_LABELS.stale)).getByRole('button'));
    expect(header(DASHBOARD_LABELS.stale)).toHaveAttribute('aria-sort', 'ascending');
    // Ties by name.
    expect(rowsOf(team).map((row) => row[0])).toEqual([
      DASHBOARD_LABELS.executive,
      'Ada Admin',
      'Sin ejecutivo',
      'Bea Ruiz',
      'Carlos Soto',
    ]);

    await user.click(within(header(DASHBOARD_LABELS.executive)).getByRole('button'));
    await user.click(within(header(DASHBOARD_LABELS.executive)).getByRole('button'));
    expect(header(DASHBOARD_LABELS.executive)).toHaveAttribute('aria-sort', 'descending');
    expect(
      rowsOf(team)
        .slice(1)
        .map((row) => row[0]),
    ).toEqual(['Sin ejecutivo', 'Carlos Soto', 'Bea Ruiz', 'Ada Admin']);
  });

  it("lists the caller's overdue and today's activities, each opening its request", async () => {
    const { bea } = seedDashboard();
    const today = dayOf(new Date());
    const request = addRequest({ name: 'Marta Díaz', vendor: bea._id });
    addActivity(request._id, {
      ownerId: bea._id,
      title: 'Enviar cotización',
      dueDate: addDays(today, -1),
    });
    addActivity(request._id, { ownerId: bea._id, title: 'Llamar', dueDate: today });
    addActivity(request._id, { ownerId: bea._id, title: 'Más tarde', dueDate: addDays(today, 3) });
    const user = await openHome(bea);
    const todayPanel = panel(DASHBOARD_LABELS.today);
    const overdue = await within(todayPanel).findByRole('list', { name: AGENDA_LABELS.overdue });
    expect(overdue).toHaveTextContent('Enviar cotización');
    expect(within(todayPanel).getByRole('list', { name: AGENDA_LABELS.today })).toHaveTextContent(
      'Llamar',
    );
    expect(todayPanel).not.toHaveTextContent('Más tarde');

    await user.click(
      within(overdue).getByRole('link', { name: `${AGENDA_LABELS.openRequest}: Marta Díaz` }),
    );
    expect(screen.getByTestId('location')).toHaveTextContent(`/main/requests/${request._id}`);
  });

  it('says when nothing is overdue or due today', async () => {
    const { bea } = seedDashboard();
    await openHome(bea);
    expect(
      await within(panel(DASHBOARD_LABELS.today)).findByText(DASHBOARD_LABELS.todayEmpty),
    ).toBeInTheDocument();
  });
});

describe('Inicio: links to the board', () => {
  it("opens the board under the dashboard's executive from the funnel and the closed count, with the outcome for won/lost", async () => {
    const { admin, bea } = seedDashboard();
    await openHome(admin, `?vendor=${bea._id}`);
    expect(boardLinkOf('CONTACTADO, 2')).toHaveAttribute(
      'href',
      `/main/requests?vendor=${bea._id}`,
    );
    expect(boardLinkOf(`${DASHBOARD_LABELS.closedCount}, 2`)).toHaveAttribute(
      'href',
      `/main/requests?vendor=${bea._id}`,
    );
    expect(boardLinkOf('Ganadas, 1')).toHaveAttribute(
      'href',
      `/main/requests?vendor=${bea._id}&outcome=won`,
    );
    expect(boardLinkOf('Perdidas, 1')).toHaveAttribute(
      'href',
      `/main/requests?vendor=${bea._id}&outcome=lost`,
    );
  });

  it("opens the whole board for the team's figures, and each team row's board (unassigned: vendor=none)", async () => {
    const { admin, carlos } = seedDashboard();
    await openHome(admin);
    expect(boardLinkOf('NUEVA SOLICITUD, 4')).toHaveAttribute('href', '/main/requests');
    expect(boardLinkOf(`Carlos Soto, ${DASHBOARD_LABELS.open}, 1`)).toHaveAttribute(
      'href',
      `/main/requests?vendor=${carlos._id}`,
    );
    expect(boardLinkOf(`Sin ejecutivo, ${DASHBOARD_LABELS.open}, 1`)).toHaveAttribute(
      'href',
      '/main/requests?vendor=none',
    );
    // The board has no "stale" filter: that figure is plain (4 rows, Ada's zeros included).
    const team = within(panel(DASHBOARD_LABELS.team)).getByRole('table');
    expect(within(team).getAllByRole('link')).toHaveLength(8);
  });

  it("opens a vendor's own board as the board's 'Mis solicitudes'", async () => {
    const { bea } = seedDashboard();
    await openHome(bea);
    expect(boardLinkOf('CERRADO, 2')).toHaveAttribute('href', '/main/requests?vendor=me');
  });
});

describe('Inicio: who sees what', () => {
  it('shows a vendor their own figures, with no executive picker and no team', async () => {
    const { bea } = seedDashboard();
    // A link made by an admin: the vendor's own figures all the same, never a 403.
    await openHome(bea, '?vendor=all');
    expect(screen.queryByRole('combobox', { name: DASHBOARD_LABELS.executive })).toBeNull();
    expect(screen.queryByRole('region', { name: DASHBOARD_LABELS.team })).toBeNull();
    const call = db.calls.find((c) => c.path === '/api/dashboard');
    expect(call?.search).toBe('?period=month');
    // Bea's November: r1 and r2.
    expect(rowsOf(within(panel(DASHBOARD_LABELS.funnel)).getByRole('table'))[1]).toEqual([
      'NUEVA SOLICITUD',
      '2',
      '—',
    ]);
  });

  it('offers a system admin the whole team and each user', async () => {
    seedDashboard();
    const { admin } = { admin: db.users[0]! };
    await openHome(admin);
    const picker = screen.getByRole('combobox', { name: DASHBOARD_LABELS.executive });
    await waitFor(() =>
      expect(
        within(picker)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual([DASHBOARD_LABELS.wholeTeam, 'Ada Admin', 'Bea Ruiz', 'Carlos Soto']),
    );
    expect(picker).toHaveValue('');
  });
});

describe('Inicio: loading and errors', () => {
  it('says the figures could not be read, and reads them again with "Reintentar"', async () => {
    const { admin } = seedDashboard();
    db.failures.set('GET /api/dashboard', 500);
    renderApp('/main/home', admin);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(DASHBOARD_LABELS.loadFailed);

    await userEvent
      .setup()
      .click(within(alert).getByRole('button', { name: DASHBOARD_LABELS.retry }));

    expect(
      await screen.findByRole('region', { name: DASHBOARD_LABELS.funnel }),
    ).toBeInTheDocument();
    expect(screen.queryByText(DASHBOARD_LABELS.loadFailed)).toBeNull();
  });

  it('when "Para hoy" can’t be read (the database away), then it says so in Spanish with "Reintentar", which reads it again (issue 33)', async () => {
    const { admin } = seedDashboard();
    addActivity(addRequest()._id, {
      ownerId: admin._id,
      title: 'Llamar a la clienta',
      dueDate: dayOf(new Date()),
    });
    const outage = startOutage('get', '/api/activities/agenda');
    renderApp('/main/home', admin);
    const today = await screen.findByRole('region', { name: DASHBOARD_LABELS.today });
    const alerts = await within(today).findAllByRole('alert');
    for (const alert of alerts) expect(alert).toHaveTextContent(OUTAGE_LABELS.unreachable);

    outage.end();
    for (const button of within(today).getAllByRole('button', { name: OUTAGE_LABELS.retry })) {
      await setupUser().click(button);
    }
    expect(await within(today).findByText('Llamar a la clienta')).toBeInTheDocument();
    await waitFor(() => expect(within(today).queryByRole('alert')).toBeNull());
  });

  it('says when the period has no requests', async () => {
    const { admin } = seedDashboard();
    const empty: Dashboard = {
      period: {
        from: '2026-11-01',
        to: '2026-11-30',
        previousFrom: '2026-10-01',
        previousTo: '2026-10-31',
      },
      vendor: null,
      funnel: [{ status: 'new request', reached: 0 }],
      weekly: [],
      stageTimes: [],
      closed: { count: 0, amount: 0, previousCount: 0, previousAmount: 0 },
      outcomes: { won: 0, lost: 0, none: 0, lostReasons: [] },
      pipeline: { total: 0, forecast: 0 },
      team: [],
    };
    answer('get', '/api/dashboard', 200, empty);
    await openHome(admin);
    expect(
      within(panel(DASHBOARD_LABELS.funnel)).getByText(DASHBOARD_LABELS.noData),
    ).toBeInTheDocument();
    expect(
      within(panel(DASHBOARD_LABELS.team)).getByText(DASHBOARD_LABELS.noData),
    ).toBeInTheDocument();
    expect(
      within(panel(DASHBOARD_LABELS.outcomes)).getByText(DASHBOARD_LABELS.noLostReasons),
    ).toBeInTheDocument();
    expect(within(panel(DASHBOARD_LABELS.outcomes)).getByText('—')).toBeInTheDocument();
  });
});
