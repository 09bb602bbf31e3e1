import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BOARD_COLUMNS, LEAD_MESSAGES } from '@crm/shared';
import { addRequest, addUser, db, leadPoll, rememberBoardFilters } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

const BOARD = '/main/requests';
const NEW_REQUEST_TITLE = BOARD_COLUMNS[0].title;
const POLL_PATH = '/api/form-contact/website/recent';

const newColumn = () => screen.getByRole('region', { name: NEW_REQUEST_TITLE });
const countOfNew = () => within(newColumn()).getByLabelText(/ solicitudes$/);
const callsTo = (path: string) => db.calls.filter((call) => call.path === path);

/** A website lead that arrived just now (after the board's first poll). */
const arrive = (name: string) =>
  addRequest({ name, sourceOfContact: 'website', createdAt: new Date().toISOString() });

describe('new website leads on the board (useNewLeadsNotice)', () => {
  it('when a website request arrives, then its card appears on top of NUEVA SOLICITUD with a notice naming it, without refetching the board', async () => {
    leadPoll.afterMs = 150;
    addRequest({ name: 'Cliente antiguo', createdAt: '2026-01-01T10:00:00.000Z' });
    renderApp(BOARD, rememberBoardFilters(addUser({ role: 'vendor' })));
    await within(await screen.findByRole('region', { name: NEW_REQUEST_TITLE })).findByRole(
      'article',
      { name: /: Cliente antiguo$/ },
    );
    expect(countOfNew()).toHaveTextContent('1');
    await waitFor(() => expect(callsTo(POLL_PATH).length).toBeGreaterThan(0));

    arrive('Lucía Web');

    expect(await screen.findByText(LEAD_MESSAGES.newLeadNotice('Lucía Web'))).toBeInTheDocument();
    const cards = within(newColumn()).getAllByRole('article');
    expect(cards[0]).toHaveAccessibleName(/: Lucía Web$/);
    expect(countOfNew()).toHaveTextContent('2');
    expect(callsTo('/api/form-contact/board')).toHaveLength(1);
    // The poll asked only for what came after its previous answer.
    expect(callsTo(POLL_PATH).at(-1)?.search).toMatch(/^\?after=/);
  });

  it('when later polls bring nothing new, then the lead is shown and announced once', async () => {
    leadPoll.afterMs = 100;
    renderApp(BOARD, addUser({ role: 'driver' }));
    await screen.findByRole('region', { name: NEW_REQUEST_TITLE });
    await waitFor(() => expect(callsTo(POLL_PATH).length).toBeGreaterThan(0));

    arrive('Pedro Web');
    await screen.findByText(LEAD_MESSAGES.newLeadNotice('Pedro Web'));
    const polled = callsTo(POLL_PATH).length;
    await waitFor(() => expect(callsTo(POLL_PATH).length).toBeGreaterThan(polled + 2));

    expect(screen.getAllByText(LEAD_MESSAGES.newLeadNotice('Pedro Web'))).toHaveLength(1);
    expect(within(newColumn()).getAllByRole('article', { name: /: Pedro Web$/ })).toHaveLength(1);
    expect(countOfNew()).toHaveTextContent('1');
  });

  it('when a request staff typed in is created meanwhile, then the poll does not announce it', async () => {
    leadPoll.afterMs = 100;
    renderApp(BOARD, rememberBoardFilters(addUser({ role: 'vendor' })));
    await screen.findByRole('region', { name: NEW_REQUEST_TITLE });
    await waitFor(() => expect(callsTo(POLL_PATH).length).toBeGreaterThan(0));

    addRequest({
      name: 'Cargado a mano',
      sourceOfContact: 'vendor',
      createdAt: new Date().toISOString(),
    });
    arrive('Desde la web');
    await screen.findByText(LEAD_MESSAGES.newLeadNotice('Desde la web'));
    expect(screen.queryByText(LEAD_MESSAGES.newLeadNotice('Cargado a mano'))).toBeNull();
  });
});
