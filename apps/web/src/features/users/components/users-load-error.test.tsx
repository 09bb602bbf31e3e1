import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OUTAGE_LABELS, SESSION_MESSAGES } from '@crm/shared';
import { addUser } from '../../../test/fake-api';
import { startOutage } from '../../../test/outage';
import { renderApp } from '../../../test/render';
// The screen is a lazy chunk: loaded with this file, not inside a first test's 5 s `findBy`
// (docs/testing.md).
import './users-page';
import { setupUser } from '../../../test/user';

describe('/main/users: a list that failed to load can be retried (issue 25)', () => {
  it('when the users can’t be fetched, then the error shows with "Reintentar", which lists them once the server answers', async () => {
    const admin = addUser({ role: 'system admin', email: 'ana@crm.test' });
    addUser({ role: 'vendor', email: 'bruno@crm.test' });
    const outage = startOutage('get', '/api/user/all', { latencyMs: 50 });
    renderApp('/main/users', admin);

    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('alert')).toHaveTextContent(
      `${SESSION_MESSAGES.errorPrefix}${SESSION_MESSAGES.fetchFailed}`,
    );
    // (The screen asks again as it mounts, the layout having asked first: let that end.)
    const retry = await within(main).findByRole('button', { name: OUTAGE_LABELS.retry });
    const asked = outage.calls;
    const user = setupUser();
    await user.click(retry);
    // Still away: "Reintentando…" while it asks, then the error and its button again.
    expect(within(main).getByRole('button', { name: OUTAGE_LABELS.retrying })).toHaveFocus();
    expect(await within(main).findByRole('button', { name: OUTAGE_LABELS.retry })).toHaveFocus();
    expect(outage.calls).toBe(asked + 1);

    outage.end();
    await user.click(within(main).getByRole('button', { name: OUTAGE_LABELS.retry }));
    expect(await within(main).findByText('bruno@crm.test')).toBeInTheDocument();
    expect(within(main).queryByRole('alert')).not.toBeInTheDocument();
  });
});
