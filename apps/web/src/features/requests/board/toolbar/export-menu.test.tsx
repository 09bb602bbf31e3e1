import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { api, EXPORT_LABELS } from '@crm/shared';
import { addRequest, addUser, db } from '../../../../test/fake-api';
import { findCard } from '../../../../test/board';
import { renderApp } from '../../../../test/render';
import { setupUser } from '../../../../test/user';

const BOARD = '/main/requests';

describe('"Exportar" on the board (issue 24)', () => {
  it('when a format is chosen, then the browser follows a ticketed address of the search’s file', async () => {
    const admin = addUser({ role: 'system admin' });
    addRequest({ name: 'Zeta Uno' });
    addRequest({ name: 'Otra' });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp(`${BOARD}?q=zeta`, admin);
    await findCard('Zeta Uno');
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: EXPORT_LABELS.button }));
    await user.click(await screen.findByRole('menuitem', { name: EXPORT_LABELS.csv }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));

    const asked = db.calls.find((c) => c.path === api.requests.exportLink.path);
    expect(asked?.body).toEqual({ q: 'zeta', format: 'csv' });
    // Not fetched by the page: the browser's own download reads it.
    expect(db.calls.some((c) => c.path === api.requests.export.path)).toBe(false);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.hasAttribute('download')).toBe(true);
    expect(link.referrerPolicy).toBe('no-referrer');
    expect(link.isConnected).toBe(false);
    const address = new URL(link.href);
    expect(address.pathname).toBe(api.requests.export.path);
    expect(address.searchParams.get('q')).toBe('zeta');
    expect(address.searchParams.get('format')).toBe('csv');
    expect(address.searchParams.get('ticket')).toEqual(expect.any(String));

    // The address alone (no Authorization header) is the file of that search.
    const file = await fetch(link.href);
    expect(file.status).toBe(200);
    const text = await file.text();
    expect(text).toContain('Zeta Uno');
    expect(text).not.toContain('Otra');
  });

  it('when the address cannot be had, then it says so and nothing downloads', async () => {
    const admin = addUser({ role: 'system admin' });
    addRequest({ name: 'Zeta Uno' });
    db.failures.set(`POST ${api.requests.exportLink.path}`, 500);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp(BOARD, admin);
    await findCard('Zeta Uno');
    const user = setupUser();
    await user.click(screen.getByRole('button', { name: EXPORT_LABELS.button }));
    await user.click(await screen.findByRole('menuitem', { name: EXPORT_LABELS.xlsx }));
    expect(await screen.findByText(EXPORT_LABELS.failed)).toBeInTheDocument();
    expect(click).not.toHaveBeenCalled();
    expect(screen.queryByText(EXPORT_LABELS.preparing)).not.toBeInTheDocument();
  });
});
