import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOARD_COLUMNS, OUTAGE_LABELS, SESSION_MESSAGES } from '@crm/shared';
import { column, findCard } from '../../../test/board';
import { addRequest, addUser } from '../../../test/fake-api';
import { startOutage } from '../../../test/outage';
import { renderApp } from '../../../test/render';
import { setupUser } from '../../../test/user';

const BOARD_CALL = '/api/form-contact/board';

describe('requests board: a failed load can be retried (issue 25)', () => {
  it('when the board call fails, then every column shows its error with "Reintentar"; one press loads them all once the server answers', async () => {
    addRequest({ name: 'Zeta' });
    addRequest({ name: 'Ya contactada', status: 'contacted' });
    const outage = startOutage('get', BOARD_CALL);
    renderApp('/main/requests', addUser({ role: 'system admin' }));

    const first = await screen.findByRole('region', { name: BOARD_COLUMNS[0].title });
    // (The board asks again as it mounts, the layout having asked first: let that end.)
    await within(first).findByRole('button', { name: OUTAGE_LABELS.retry });
    for (const { title } of BOARD_COLUMNS) {
      expect(within(column(title)).getByRole('alert')).toHaveTextContent(
        `${SESSION_MESSAGES.errorPrefix}${SESSION_MESSAGES.fetchFailed}`,
      );
      expect(
        within(column(title)).getByRole('button', { name: OUTAGE_LABELS.retry }),
      ).toBeInTheDocument();
    }

    outage.end();
    const asked = outage.calls;
    await setupUser().click(within(first).getByRole('button', { name: OUTAGE_LABELS.retry }));

    expect(await findCard('Zeta')).toBeInTheDocument();
    expect(await findCard('Ya contactada')).toBeInTheDocument();
    for (const { title } of BOARD_COLUMNS) {
      expect(within(column(title)).queryByRole('alert')).not.toBeInTheDocument();
    }
    expect(outage.calls).toBe(asked);
  });

  it('while the new attempt runs, the columns say "Reintentando…"; if it fails again, the error and "Reintentar" come back', async () => {
    const outage = startOutage('get', BOARD_CALL, { latencyMs: 150 });
    renderApp('/main/requests', addUser({ role: 'system admin' }));
    const first = await screen.findByRole('region', { name: BOARD_COLUMNS[0].title });
    const retry = await within(first).findByRole('button', { name: OUTAGE_LABELS.retry });
    const asked = outage.calls;

    await setupUser().click(retry);
    for (const { title } of BOARD_COLUMNS) {
      expect(
        within(column(title)).getByRole('button', { name: OUTAGE_LABELS.retrying }),
      ).toHaveAttribute('aria-disabled', 'true');
    }
    expect(
      await within(first).findByRole('button', { name: OUTAGE_LABELS.retry }),
    ).toBeInTheDocument();
    expect(outage.calls).toBe(asked + 1);
    expect(within(first).getByRole('alert')).toHaveTextContent(SESSION_MESSAGES.fetchFailed);
  });

  it('when another filter’s call fails, then the error takes the previous cards’ place at full strength, not dimmed with them', async () => {
    addRequest({ name: 'Zeta' });
    renderApp('/main/requests', addUser({ role: 'system admin' }));
    await findCard('Zeta');
    startOutage('get', BOARD_CALL);

    const user = setupUser();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Prioridad' }), 'Alta');

    const first = column(BOARD_COLUMNS[0].title);
    const error = await within(first).findByRole('alert');
    expect(error).toHaveTextContent(SESSION_MESSAGES.fetchFailed);
    expect(within(first).queryByRole('article')).not.toBeInTheDocument();
    // Dimmed, red-700 on the column's grey fell to 3.34:1 (axe's color-contrast, issue 25).
    expect(error.closest('.opacity-60')).toBeNull();
  });
});
