import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OUTAGE_LABELS, SESSION_MESSAGES, STORAGE_KEYS } from '@crm/shared';
import { addUser, db, tokenFor, type StoredUser } from '../test/fake-api';
import { startOutage } from '../test/outage';
import { renderApp } from '../test/render';
import { OUTAGE_RETRY_DELAYS_MS, outageRetryDelay } from './outage';
import { OutageScreen } from './outage-screen';
import { setupUser } from '../test/user';

const userDataPath = (user: Pick<StoredUser, '_id'>) => `/api/user/data/${user._id}`;
const outageHeading = () => screen.queryByRole('heading', { level: 1, name: OUTAGE_LABELS.title });
const retryButton = () => screen.getByRole('button', { name: OUTAGE_LABELS.retry });

// The signed-in user's data is logged when it fails (§8): keep the test output quiet.
const quietErrors = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);

describe('the page while the app’s first data can’t be had (issue 25, outages)', () => {
  it('when the signed-in user’s data answers 503, then the page explains the outage with "Reintentar", not a lasting "Loading..."', async () => {
    quietErrors();
    const ana = addUser({ role: 'vendor' });
    startOutage('get', userDataPath(ana));
    renderApp('/main/requests', ana);

    expect(await screen.findByRole('heading', { level: 1, name: OUTAGE_LABELS.title })).toBe(
      outageHeading(),
    );
    expect(screen.getByText(OUTAGE_LABELS.explanation)).toBeInTheDocument();
    expect(retryButton()).toBeEnabled();
    expect(screen.getByText(OUTAGE_LABELS.nextAttempt(2))).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    // The session stays: the person is not signed out by an outage.
    expect(screen.queryByRole('heading', { name: 'Iniciar sesión' })).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(tokenFor(ana));
  });

  it('when the server can’t be reached at all (network error), then the same page shows', async () => {
    quietErrors();
    const ana = addUser({ role: 'vendor' });
    startOutage('get', userDataPath(ana), { kind: 'network' });
    renderApp('/main/home', ana);

    expect(
      await screen.findByRole('heading', { level: 1, name: OUTAGE_LABELS.title }),
    ).toBeInTheDocument();
  });

  it('when "Reintentar" is pressed, then the data is asked again; once the server answers, the app opens', async () => {
    quietErrors();
    const ana = addUser({ role: 'vendor', name: 'Ana', lastName: 'García' });
    const outage = startOutage('get', userDataPath(ana), { latencyMs: 100 });
    renderApp('/main/requests', ana);
    await screen.findByRole('heading', { level: 1, name: OUTAGE_LABELS.title });
    const user = setupUser();

    const asked = outage.calls;
    await user.click(retryButton());
    // The page stays while the attempt runs (no "Loading..." in its place), the focus on its button.
    expect(screen.getByText(OUTAGE_LABELS.retrying)).toHaveAttribute('role', 'status');
    expect(screen.queryByText('Loading...')).not.toBeInTheDocument();
    expect(retryButton()).toHaveFocus();
    // Still away: the next automatic attempt is further off, the button still there to press.
    expect(await screen.findByText(OUTAGE_LABELS.nextAttempt(5))).toBeInTheDocument();
    expect(outage.calls).toBe(asked + 1);
    expect(retryButton()).toHaveFocus();

    outage.end();
    await user.click(retryButton());
    expect(await screen.findByText('Hi, Ana G')).toBeInTheDocument();
    expect(outageHeading()).not.toBeInTheDocument();
    expect(await screen.findByText('NUEVA SOLICITUD')).toBeInTheDocument();
  });

  it('when the server answers again, then the app opens by itself at the next automatic attempt', async () => {
    quietErrors();
    const ana = addUser({ role: 'vendor', name: 'Ana', lastName: 'García' });
    const outage = startOutage('get', userDataPath(ana));
    renderApp('/main/home', ana);
    await screen.findByRole('heading', { level: 1, name: OUTAGE_LABELS.title });

    outage.end();
    // The first automatic attempt comes 2 s after the failure.
    expect(
      await screen.findByText('Hi, Ana G', {}, { timeout: OUTAGE_RETRY_DELAYS_MS[0] + 3_000 }),
    ).toBeInTheDocument();
    expect(outageHeading()).not.toBeInTheDocument();
    expect(outage.calls).toBe(1);
  });

  it('when the token is refused (401), then the session still ends and the login screen comes back, with no outage page', async () => {
    quietErrors();
    const ana = addUser({ role: 'vendor' });
    db.revokedTokens.add(tokenFor(ana));
    renderApp('/main/requests', ana);

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/login'));
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(outageHeading()).not.toBeInTheDocument();
  });

  it('when the user data fails otherwise (500), then it is only logged and the app opens as before (§8)', async () => {
    const errors = quietErrors();
    const admin = addUser({ role: 'system admin' });
    db.failures.set(`GET ${userDataPath(admin)}`, 500);
    renderApp('/main/home', admin);

    expect(await screen.findByRole('heading', { level: 1, name: 'Inicio' })).toBeInTheDocument();
    expect(errors).toHaveBeenCalledWith(SESSION_MESSAGES.userDataFailed, expect.anything());
    expect(outageHeading()).not.toBeInTheDocument();
  });
});

describe('OutageScreen’s automatic retries', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('backs off 2 s, 5 s, 10 s, then every 30 s', () => {
    expect([1, 2, 3, 4, 5, 12].map(outageRetryDelay)).toEqual([
      2_000, 5_000, 10_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('after a third failure, tries again 10 s later, counting down, and not before', () => {
    vi.useFakeTimers();
    const onRetry = vi.fn();
    render(<OutageScreen failures={3} failedAt={Date.now()} retrying={false} onRetry={onRetry} />);

    expect(screen.getByText(OUTAGE_LABELS.nextAttempt(10))).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(4_000);
    });
    expect(screen.getByText(OUTAGE_LABELS.nextAttempt(6))).toBeInTheDocument();
    act(() => {
      vi.advanceTimersByTime(5_900);
    });
    expect(onRetry).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('while an attempt runs, says "Reintentando…" and neither counts down nor asks twice', async () => {
    const onRetry = vi.fn();
    render(<OutageScreen failures={1} failedAt={Date.now()} retrying onRetry={onRetry} />);

    expect(screen.getByRole('status')).toHaveTextContent(OUTAGE_LABELS.retrying);
    expect(screen.queryByText(/Nuevo intento automático/)).not.toBeInTheDocument();
    await setupUser().click(retryButton());
    expect(onRetry).not.toHaveBeenCalled();
    expect(retryButton()).toHaveAttribute('aria-disabled', 'true');
  });
});
