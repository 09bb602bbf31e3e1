import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { EXPORT_LABELS } from '@crm/shared';
import { addRequest, addUser, db } from '../../../../test/fake-api';
import { findCard } from '../../../../test/board';
import { renderApp } from '../../../../test/render';

const BOARD = '/main/requests';

describe('"Exportar" on the board (issue 24)', () => {
  it('exports the board under its current search as a file', async () => {
    const admin = addUser({ role: 'system admin' });
    addRequest({ name: 'Zeta Uno' });
    addRequest({ name: 'Otra' });
    const createObjectURL = vi.fn(() => 'blob:export');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderApp(`${BOARD}?q=zeta`, admin);
    await findCard('Zeta Uno');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: EXPORT_LABELS.button }));
    await user.click(await screen.findByRole('menuitem', { name: EXPORT_LABELS.csv }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = db.calls.find((c) => c.path === '/api/form-contact/export');
    expect(new URLSearchParams(call?.search)).toEqual(new URLSearchParams('q=zeta&format=csv'));
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('solicitudes-2026-11-25.csv');
    const [blob] = createObjectURL.mock.calls[0] as unknown as [Blob];
    expect(await blob.text()).toContain('Zeta Uno');
    expect(await blob.text()).not.toContain('Otra');
  });

  it('says so when the file could not be made', async () => {
    const admin = addUser({ role: 'system admin' });
    addRequest({ name: 'Zeta Uno' });
    db.failures.set('GET /api/form-contact/export', 500);
    renderApp(BOARD, admin);
    await findCard('Zeta Uno');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: EXPORT_LABELS.button }));
    await user.click(await screen.findByRole('menuitem', { name: EXPORT_LABELS.xlsx }));
    expect(await screen.findByText(EXPORT_LABELS.failed)).toBeInTheDocument();
  });
});
