import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OUTAGE_LABELS } from '@crm/shared';
import { addUser } from '../../test/fake-api';
import { startOutage } from '../../test/outage';
import { renderApp } from '../../test/render';
// The screen is a lazy chunk: loaded with this file, not inside a first test's 5 s `findBy`
// (docs/testing.md).
import './settings-page';
import { setupUser } from '../../test/user';

describe('Ajustes while its settings can’t be read (issue 33)', () => {
  it('when the database is away, then it says so in Spanish with "Reintentar", which reads them again', async () => {
    const admin = addUser({ role: 'system admin' });
    const outage = startOutage('get', '/api/settings');
    renderApp('/main/settings', admin);

    const retry = await screen.findByRole('button', { name: OUTAGE_LABELS.retry });
    expect(screen.getByText(OUTAGE_LABELS.unreachable)).toHaveAttribute('role', 'alert');

    outage.end();
    await setupUser().click(retry);
    expect(await screen.findByRole('button', { name: 'Guardar' })).toBeInTheDocument();
    expect(screen.queryByText(OUTAGE_LABELS.unreachable)).toBeNull();
  });
});
