import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { OUTAGE_LABELS, SESSION_MESSAGES } from '@crm/shared';
import { addRequest, addUser, db } from '../../../test/fake-api';
import { startOutage } from '../../../test/outage';
import { renderApp } from '../../../test/render';
import { setupUser } from '../../../test/user';

const location = () => screen.getByTestId('location').textContent;
const search = () => screen.getByTestId('location-search').textContent;

async function findEditor() {
  const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
  await within(dialog).findByLabelText('Etapa de la solicitud');
  return dialog;
}

describe('/main/requests/:requestId (a link to one request)', () => {
  it('opens that request’s Edit Request modal over the board, read from GET /api/form-contact/:id', async () => {
    const admin = addUser({ role: 'system admin' });
    const request = addRequest({
      name: 'Enlazada',
      email: 'enlace@empresa.test',
      status: 'closed',
    });
    renderApp(`/main/requests/${request._id}?vendor=none`, admin);

    const dialog = await findEditor();
    expect(within(dialog).getByLabelText('Correo')).toHaveValue('enlace@empresa.test');
    expect(db.calls).toContainEqual(
      expect.objectContaining({ method: 'GET', path: `/api/form-contact/${request._id}` }),
    );
    // The board is there beneath it, with the link's filters.
    expect(
      await screen.findByRole('article', { name: /: Enlazada$/, hidden: true }),
    ).toBeInTheDocument();
  });

  it('closing it goes to the board with the filters kept', async () => {
    const admin = addUser({ role: 'system admin' });
    const request = addRequest({ name: 'Enlazada' });
    renderApp(`/main/requests/${request._id}?priority=low&q=enla`, admin);
    const dialog = await findEditor();

    await userEvent
      .setup({ delay: null })
      .click(within(dialog).getByRole('button', { name: 'Cancelar' }));

    await waitFor(() => expect(location()).toBe('/main/requests'));
    expect(search()).toBe('?priority=low&q=enla');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(await screen.findByRole('article', { name: /: Enlazada$/ })).toBeInTheDocument();
  });

  it('a card’s pencil goes to the request’s address (filters kept); closing comes back', async () => {
    const admin = addUser({ role: 'system admin' });
    const request = addRequest({ name: 'Con lápiz', priority: 'low' });
    renderApp('/main/requests?priority=low', admin);
    const user = setupUser();
    const card = await screen.findByRole('article', { name: /: Con lápiz$/ });

    await user.click(within(card).getByRole('button', { name: 'Editar solicitud' }));

    const dialog = await findEditor();
    expect(location()).toBe(`/main/requests/${request._id}`);
    expect(search()).toBe('?priority=low');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(location()).toBe('/main/requests'));
    expect(search()).toBe('?priority=low');
    expect(dialog).not.toBeInTheDocument();
  });

  it('a link to a request that does not exist says "Request not found"', async () => {
    const admin = addUser({ role: 'system admin' });
    renderApp('/main/requests/0123456789abcdef01234567', admin);

    const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Error: Request not found');
  });

  it('when the request can’t be read (the server away), then the modal says so with "Reintentar"; pressed once the server answers, the request opens (issue 33)', async () => {
    const admin = addUser({ role: 'system admin' });
    const request = addRequest({ email: 'vuelve@empresa.test' });
    const outage = startOutage('get', `/api/form-contact/${request._id}`, { kind: 'network' });
    // A search that leaves it off the board: no column's page brings its record meanwhile.
    renderApp(`/main/requests/${request._id}?q=nadie`, admin);

    const dialog = await screen.findByRole('dialog', { name: 'Editar solicitud' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `${SESSION_MESSAGES.errorPrefix}${SESSION_MESSAGES.fetchFailed}`,
    );

    outage.end();
    await userEvent
      .setup()
      .click(within(dialog).getByRole('button', { name: OUTAGE_LABELS.retry }));
    await findEditor();
    expect(within(dialog).getByLabelText('Correo')).toHaveValue('vuelve@empresa.test');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });
});
