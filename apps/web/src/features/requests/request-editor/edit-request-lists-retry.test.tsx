import { within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_MESSAGES, OUTAGE_LABELS, SESSION_MESSAGES } from '@crm/shared';
import { addActivity, addRequest } from '../../../test/fake-api';
import { startOutage } from '../../../test/outage';
import { openEditorAlone, seedUsers } from './edit-request.test-kit';

describe('Edit Request modal: its lists that failed to load can be retried (issue 25)', () => {
  it('when "Historial" can’t be read, then it shows the error with "Reintentar", which lists the entries once the server answers', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ name: 'Cliente Historial' });
    const outage = startOutage('get', `/api/form-contact/${request._id}/history`);
    const { user, dialog } = await openEditorAlone(request, admin);

    await user.click(within(dialog).getByRole('button', { name: /^Historial/ }));
    const history = within(dialog).getByRole('region', { name: 'Historial' });
    expect(await within(history).findByRole('alert')).toHaveTextContent(
      `${SESSION_MESSAGES.errorPrefix}${SESSION_MESSAGES.fetchFailed}`,
    );

    outage.end();
    await user.click(within(history).getByRole('button', { name: OUTAGE_LABELS.retry }));
    expect(
      await within(history).findByText('Todavía no hay cambios registrados.'),
    ).toBeInTheDocument();
    expect(within(history).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when "Actividades" can’t be read, then it shows the error with "Reintentar", which lists them once the server answers', async () => {
    const { admin } = seedUsers();
    const request = addRequest({ name: 'Cliente Actividades' });
    addActivity(request._id, { title: 'Llamar para confirmar', dueDate: '2030-01-15' });
    const outage = startOutage('get', `/api/form-contact/${request._id}/activities`);
    const { user, dialog } = await openEditorAlone(request, admin);

    const section = within(within(dialog).getByRole('region', { name: 'Actividades' }));
    expect(await section.findByRole('alert')).toHaveTextContent(ACTIVITY_MESSAGES.loadFailed);

    outage.end();
    await user.click(section.getByRole('button', { name: OUTAGE_LABELS.retry }));
    expect(await section.findByText('Llamar para confirmar')).toBeInTheDocument();
    expect(section.queryByRole('alert')).not.toBeInTheDocument();
  });
});
