import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DASHBOARD_LABELS } from '@crm/shared';
import { db, type StoredUser } from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { atNow, seedDashboard } from './dashboard.test-kit';
// The screen is a lazy chunk: loaded with this file, not inside a first test's 5 s `findBy`
// (docs/testing.md).
import './home-page';
import { setupUser } from '../../test/user';

// Inicio's period and executive live in the URL (issue 22): a reload (the same address rendered
// again) shows the same figures, and each change asks the API for them.

beforeEach(atNow);
afterEach(() => vi.useRealTimers());

const search = () => screen.getByTestId('location-search').textContent;
const periodPicker = () => screen.getByRole('combobox', { name: DASHBOARD_LABELS.period });
const executivePicker = () => screen.getByRole('combobox', { name: DASHBOARD_LABELS.executive });
const days = () => screen.getByTestId('dashboard-days');
/** The query strings the dashboard was asked with, in order. */
const dashboardCalls = () =>
  db.calls.filter((call) => call.path === '/api/dashboard').map((call) => call.search);

async function openHome(as: StoredUser, query = '') {
  renderApp(`/main/home${query}`, as);
  await screen.findByRole('region', { name: DASHBOARD_LABELS.funnel });
  return setupUser();
}

describe('Inicio: the period and the executive in the URL', () => {
  it('opens on "Este mes" by default, its days shown under the selector', async () => {
    const { admin } = seedDashboard();
    await openHome(admin);
    expect(periodPicker()).toHaveValue('month');
    expect(days()).toHaveTextContent('1–30 de noviembre de 2026');
    expect(dashboardCalls()).toEqual(['?period=month']);
  });

  it('reads the period and the executive from the address (a reload shows the same figures)', async () => {
    const { admin, bea } = seedDashboard();
    await openHome(admin, `?period=quarter&vendor=${bea._id}`);
    expect(periodPicker()).toHaveValue('quarter');
    await waitFor(() => expect(executivePicker()).toHaveValue(bea._id));
    expect(days()).toHaveTextContent('1 de octubre – 31 de diciembre de 2026');
    expect(dashboardCalls()).toEqual([`?period=quarter&vendor=${bea._id}`]);
    // Bea's quarter: no team table, her own figures (r1, r2 and October's r4).
    expect(screen.queryByRole('region', { name: DASHBOARD_LABELS.team })).toBeNull();
    expect(
      within(screen.getByRole('region', { name: DASHBOARD_LABELS.funnel })).getAllByRole('row')[1],
    ).toHaveTextContent(/NUEVA SOLICITUD\s*3/);
  });

  it('reads a custom period from the address', async () => {
    const { admin } = seedDashboard();
    await openHome(admin, '?period=custom&from=2026-10-05&to=2026-10-25');
    expect(periodPicker()).toHaveValue('custom');
    expect(screen.getByLabelText(DASHBOARD_LABELS.from)).toHaveValue('2026-10-05');
    expect(screen.getByLabelText(DASHBOARD_LABELS.to)).toHaveValue('2026-10-25');
    expect(days()).toHaveTextContent('5–25 de octubre de 2026');
  });

  it('ignores what the API would refuse in a mistyped address, and shows the default', async () => {
    const { admin } = seedDashboard();
    await openHome(admin, '?period=year&vendor=nadie');
    expect(periodPicker()).toHaveValue('month');
    expect(dashboardCalls()).toEqual(['?period=month']);
  });

  it('when another period is chosen, then the URL keeps it and the figures are asked for it', async () => {
    const { admin, bea } = seedDashboard();
    const user = await openHome(admin, `?vendor=${bea._id}`);

    await user.selectOptions(periodPicker(), 'week');

    await waitFor(() => expect(search()).toBe(`?vendor=${bea._id}&period=week`));
    await waitFor(() => expect(days()).toHaveTextContent('16–22 de noviembre de 2026'));
    expect(dashboardCalls()).toContain(`?period=week&vendor=${bea._id}`);
  });

  it('when an executive is chosen, then the URL keeps them and the figures are theirs; "Todo el equipo" goes back', async () => {
    const { admin, carlos } = seedDashboard();
    const user = await openHome(admin);
    await waitFor(() => expect(within(executivePicker()).getAllByRole('option')).toHaveLength(4));

    await user.selectOptions(executivePicker(), carlos._id);

    await waitFor(() => expect(search()).toBe(`?vendor=${carlos._id}`));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: DASHBOARD_LABELS.team })).toBeNull(),
    );
    expect(dashboardCalls()).toContain(`?period=month&vendor=${carlos._id}`);

    await user.selectOptions(executivePicker(), '');
    await waitFor(() => expect(search()).toBe(''));
    expect(await screen.findByRole('region', { name: DASHBOARD_LABELS.team })).toBeInTheDocument();
  });

  it('when "Personalizado" is applied, then its days go to the URL, starting from the days shown', async () => {
    const { admin } = seedDashboard();
    const user = await openHome(admin);

    await user.selectOptions(periodPicker(), 'custom');
    const from = screen.getByLabelText(DASHBOARD_LABELS.from);
    const to = screen.getByLabelText(DASHBOARD_LABELS.to);
    expect(from).toHaveValue('2026-11-01');
    expect(to).toHaveValue('2026-11-30');
    // Nothing asked until "Aplicar".
    expect(search()).toBe('');
    await user.clear(from);
    await user.type(from, '2026-10-01');
    await user.clear(to);
    await user.type(to, '2026-10-31');
    await user.click(screen.getByRole('button', { name: DASHBOARD_LABELS.apply }));

    await waitFor(() => expect(search()).toBe('?period=custom&from=2026-10-01&to=2026-10-31'));
    expect(dashboardCalls()).toContain('?period=custom&from=2026-10-01&to=2026-10-31');
    await waitFor(() => expect(days()).toHaveTextContent('1–31 de octubre de 2026'));
  });

  it('when a custom period ends before it starts, then it says so and asks nothing', async () => {
    const { admin } = seedDashboard();
    const user = await openHome(admin);
    await user.selectOptions(periodPicker(), 'custom');
    const to = screen.getByLabelText(DASHBOARD_LABELS.to);
    await user.clear(to);
    await user.type(to, '2026-10-01');

    await user.click(screen.getByRole('button', { name: DASHBOARD_LABELS.apply }));

    expect(screen.getByRole('alert')).toHaveTextContent(DASHBOARD_LABELS.invalidRange);
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(search()).toBe('');
    expect(dashboardCalls()).toEqual(['?period=month']);
  });
});
