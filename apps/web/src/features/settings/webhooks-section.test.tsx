import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  EVENT_TYPE_LABELS,
  WEBHOOK_FAILURE_LABELS,
  WEBHOOK_LABELS,
  WEBHOOK_MESSAGES,
  WEBHOOK_STATUS_LABELS,
} from '@crm/shared';
import { answer, fieldRefusal } from '../../test/answers';
import { addUser, addWebhook, addWebhookDelivery, db, fakeWebhooks } from '../../test/fake-api';
import { findNotice } from '../../test/notice';
import { renderApp } from '../../test/render';
import { setupUser } from '../../test/user';
import './settings-page';

// Issue 36: Ajustes' "Integraciones", a system admin's webhooks.

const URL_ = 'https://hooks.example.com/crm';

async function openIntegrations() {
  renderApp('/main/settings', addUser({ role: 'system admin' }));
  const section = within(await screen.findByRole('region', { name: WEBHOOK_LABELS.section }));
  return { section, user: setupUser() };
}

describe('Ajustes: "Integraciones" (issue 36)', () => {
  it('makes a webhook for the events chosen and shows its secret once, to copy', async () => {
    const { section, user } = await openIntegrations();
    expect(await section.findByText(WEBHOOK_LABELS.empty)).toBeInTheDocument();

    await user.type(section.getByLabelText(WEBHOOK_LABELS.url), URL_);
    // All the types start chosen: narrowed to two.
    await user.click(section.getByLabelText(WEBHOOK_LABELS.allEvents));
    await user.click(section.getByLabelText(EVENT_TYPE_LABELS['request.created']));
    await user.click(section.getByLabelText(EVENT_TYPE_LABELS['request.moved']));
    await user.click(section.getByRole('button', { name: WEBHOOK_LABELS.create }));

    await findNotice(WEBHOOK_LABELS.created);
    const [stored] = fakeWebhooks.endpoints;
    expect(stored).toMatchObject({ url: URL_, events: ['request.created', 'request.moved'] });
    expect(section.getByLabelText(WEBHOOK_LABELS.shownOnce)).toHaveValue(stored!.secret);
    const item = await section.findByRole('listitem');
    expect(item).toHaveTextContent(URL_);
    expect(item).toHaveTextContent(WEBHOOK_LABELS.enabled);
    expect(item).toHaveTextContent(
      `${EVENT_TYPE_LABELS['request.created']}, ${EVENT_TYPE_LABELS['request.moved']}`,
    );

    await user.click(section.getByRole('button', { name: WEBHOOK_LABELS.done }));
    expect(section.queryByLabelText(WEBHOOK_LABELS.shownOnce)).not.toBeInTheDocument();
    expect(section.queryByText(stored!.secret)).not.toBeInTheDocument();
  });

  it('shows the API’s refusal of the address under the field, and asks for an event type', async () => {
    const { section, user } = await openIntegrations();
    await user.click(section.getByLabelText(WEBHOOK_LABELS.allEvents));
    await user.type(section.getByLabelText(WEBHOOK_LABELS.url), 'http://10.0.0.5/hook');
    await user.click(section.getByRole('button', { name: WEBHOOK_LABELS.create }));
    expect(await section.findByText(WEBHOOK_MESSAGES.eventsRequired)).toBeInTheDocument();
    expect(
      db.calls.filter((call) => call.path === '/api/webhooks' && call.method === 'POST'),
    ).toEqual([]);

    answer('post', '/api/webhooks', 400, fieldRefusal('url', WEBHOOK_MESSAGES.urlPrivate));
    await user.click(section.getByLabelText(EVENT_TYPE_LABELS['request.outcome']));
    await user.click(section.getByRole('button', { name: WEBHOOK_LABELS.create }));
    const field = section.getByLabelText(WEBHOOK_LABELS.url);
    await waitFor(() => expect(field).toHaveAccessibleDescription(WEBHOOK_MESSAGES.urlPrivate));
    expect(fakeWebhooks.endpoints).toEqual([]);
  });

  it('lists the delivery log with each try’s outcome, and "Reenviar" tries one again', async () => {
    const webhook = addWebhook({ url: URL_ });
    addWebhookDelivery(webhook._id, {
      eventType: 'request.moved',
      status: 'failed',
      attempts: 15,
      responseStatus: 500,
      responseBody: 'Internal error: db down',
      failure: 'status',
      durationMs: 42,
      createdAt: '2026-05-01T10:00:00.000Z',
    });
    const { section, user } = await openIntegrations();
    await user.click(await section.findByRole('button', { name: WEBHOOK_LABELS.logNamed(URL_) }));

    const log = within(await section.findByRole('list', { name: WEBHOOK_LABELS.log }));
    const entry = await log.findByRole('listitem');
    expect(entry).toHaveTextContent(EVENT_TYPE_LABELS['request.moved']);
    expect(entry).toHaveTextContent(WEBHOOK_STATUS_LABELS.failed);
    expect(entry).toHaveTextContent(`${WEBHOOK_LABELS.attempts}: 15`);
    expect(entry).toHaveTextContent(`${WEBHOOK_LABELS.responseCode}: 500`);
    expect(entry).toHaveTextContent(`${WEBHOOK_LABELS.duration}: ${WEBHOOK_LABELS.ms(42)}`);
    expect(entry).toHaveTextContent(WEBHOOK_FAILURE_LABELS.status);
    expect(entry).toHaveTextContent('Internal error: db down');

    await user.click(
      within(entry).getByRole('button', {
        name: WEBHOOK_LABELS.redeliverNamed(EVENT_TYPE_LABELS['request.moved']),
      }),
    );
    // The fake reaches no receiver: the try fails to connect.
    await findNotice(WEBHOOK_LABELS.redeliverFailed(WEBHOOK_FAILURE_LABELS.connection));
    await waitFor(() => expect(entry).toHaveTextContent(`${WEBHOOK_LABELS.attempts}: 16`));
    expect(entry).toHaveTextContent(WEBHOOK_FAILURE_LABELS.connection);
  });

  it('"Enviar prueba" tells the outcome and opens the log; off and on again', async () => {
    addWebhook({ url: URL_ });
    const { section, user } = await openIntegrations();
    await user.click(await section.findByRole('button', { name: WEBHOOK_LABELS.testNamed(URL_) }));
    await findNotice(WEBHOOK_LABELS.testFailed(WEBHOOK_FAILURE_LABELS.connection));
    const log = within(await section.findByRole('list', { name: WEBHOOK_LABELS.log }));
    expect(await log.findByRole('listitem')).toHaveTextContent(WEBHOOK_LABELS.testEvent);

    await user.click(section.getByRole('button', { name: WEBHOOK_LABELS.disableNamed(URL_) }));
    await waitFor(() => expect(fakeWebhooks.endpoints[0]!.enabled).toBe(false));
    expect(
      await section.findByRole('button', { name: WEBHOOK_LABELS.enableNamed(URL_) }),
    ).toBeInTheDocument();
  });

  it('shows an endpoint turned off for failing, and deletes one after asking', async () => {
    addWebhook({
      url: URL_,
      enabled: false,
      disabledReason: 'failing',
      failingSince: '2026-05-01T10:00:00.000Z',
    });
    const { section, user } = await openIntegrations();
    const item = await section.findByRole('listitem');
    expect(item).toHaveTextContent(WEBHOOK_LABELS.disabledFailing(3));
    expect(item).toHaveTextContent(WEBHOOK_LABELS.failingSince);

    await user.click(within(item).getByRole('button', { name: WEBHOOK_LABELS.removeNamed(URL_) }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(WEBHOOK_LABELS.confirmRemove(URL_));
    await user.click(within(dialog).getByRole('button', { name: WEBHOOK_LABELS.remove }));
    await findNotice(WEBHOOK_LABELS.removed);
    expect(await section.findByText(WEBHOOK_LABELS.empty)).toBeInTheDocument();
    expect(fakeWebhooks.endpoints).toEqual([]);
  });
});
