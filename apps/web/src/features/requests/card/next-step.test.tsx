import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addDays } from '@crm/shared';
import { dayOf } from '../../../lib/activity-due';
import { addActivity, addRequest, addUser, db } from '../../../test/fake-api';
import { findCard } from '../../../test/board';
import { renderApp } from '../../../test/render';

const DAY_MS = 24 * 60 * 60 * 1000;
const today = dayOf(new Date());

/** What a card says of its next step: the "Próxima acción:" line's value. */
const nextStepOf = (card: HTMLElement) =>
  within(card).queryByText('Próxima acción:')?.nextElementSibling ?? null;

async function showBoard() {
  const admin = addUser({ role: 'system admin' });
  renderApp('/main/requests', admin);
  await screen.findByRole('region', { name: 'NUEVA SOLICITUD' });
}

describe('a card’s next activity (issue 20)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('when a call is planned for today at 15:00, then the card shows its type and "Hoy 15:00"', async () => {
    // Noon today on the clock (timers stay real), so 15:00 is still ahead whenever this runs.
    const noon = new Date();
    noon.setHours(12, 0, 0, 0);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(noon);
    const request = addRequest({ name: 'Cliente Hoy' });
    addActivity(request._id, {
      type: 'call',
      title: 'Llamar a Juan',
      dueDate: dayOf(noon),
      dueTime: '15:00',
    });
    await showBoard();

    const next = nextStepOf(await findCard('Cliente Hoy'))!;
    expect(next).toHaveTextContent('Llamada: Hoy 15:00 · Llamar a Juan');
    expect(within(next as HTMLElement).getByText('Hoy 15:00')).not.toHaveClass('text-red-700');
    expect(next).not.toHaveTextContent('vencida');
  });

  it('when its title is cut, then the whole step (type, when, title) is the line’s tooltip, and an amount up to $999.999.999 is never cut (issue 33)', async () => {
    const request = addRequest({ name: 'Cliente Largo', expectedValue: 999_999_999 });
    addActivity(request._id, {
      type: 'meeting',
      title: 'Reunión de cierre con la gerencia general y el área de compras',
      dueDate: addDays(today, 2),
    });
    await showBoard();
    const card = await findCard('Cliente Largo');

    const next = nextStepOf(card) as HTMLElement;
    expect(next).toHaveAttribute(
      'title',
      expect.stringMatching(
        /^Reunión · .+ · Reunión de cierre con la gerencia general y el área de compras$/,
      ),
    );
    const amount = await within(card).findByText('$999.999.999');
    expect(amount).not.toHaveClass('truncate');
    expect(amount).toHaveClass('whitespace-nowrap');
  });

  it('when the next activity is past due, then it is red and said "vencida"', async () => {
    const request = addRequest({ name: 'Cliente Tarde' });
    addActivity(request._id, {
      type: 'email',
      title: 'Enviar cotización',
      dueDate: addDays(today, -3),
    });
    await showBoard();

    const next = nextStepOf(await findCard('Cliente Tarde')) as HTMLElement;
    expect(next).toHaveTextContent(/^Correo:.*\(vencida\) · Enviar cotización$/);
    const due = within(next).getByText(
      (_, element) => element?.hasAttribute('data-overdue') ?? false,
    );
    expect(due).toHaveClass('text-red-700');
  });

  it('when an open request has nothing planned, then it says "Sin próxima acción"; a closed one says nothing', async () => {
    addRequest({ name: 'Cliente Libre', status: 'contacted' });
    addRequest({ name: 'Cliente Cerrado', status: 'closed' });
    await showBoard();

    expect(nextStepOf(await findCard('Cliente Libre'))).toHaveTextContent('Sin próxima acción');
    const closed = await findCard('Cliente Cerrado');
    expect(nextStepOf(closed)).toBeNull();
    expect(closed).not.toHaveTextContent('Sin próxima acción');
  });
});

describe('the stale badge (issue 20)', () => {
  it('when a request sat in CONTACTADO longer than its 5 days, then its card shows "Estancada N días"', async () => {
    const now = Date.now();
    addRequest({
      name: 'Cliente Quieto',
      status: 'contacted',
      stageChangedAt: new Date(now - 9 * DAY_MS - 60_000).toISOString(),
    });
    addRequest({
      name: 'Cliente Reciente',
      status: 'contacted',
      stageChangedAt: new Date(now - 4 * DAY_MS).toISOString(),
    });
    addRequest({
      name: 'Cliente Cerrado Viejo',
      status: 'closed',
      stageChangedAt: new Date(now - 400 * DAY_MS).toISOString(),
    });
    await showBoard();

    expect(await findCard('Cliente Quieto')).toHaveTextContent('Estancada 9 días');
    expect(await findCard('Cliente Reciente')).not.toHaveTextContent('Estancada');
    expect(await findCard('Cliente Cerrado Viejo')).not.toHaveTextContent('Estancada');
  });

  it('reads the limits an admin saved, once for the whole board', async () => {
    db.settings = { ...db.settings, staleDays: { ...db.settings.staleDays, contacted: 1 } };
    const stageChangedAt = new Date(Date.now() - 2 * DAY_MS - 60_000).toISOString();
    addRequest({ name: 'Cliente Uno', status: 'contacted', stageChangedAt });
    addRequest({ name: 'Cliente Dos', status: 'contacted', stageChangedAt });
    await showBoard();

    expect(await findCard('Cliente Uno')).toHaveTextContent('Estancada 2 días');
    await waitFor(() =>
      expect(screen.getByRole('article', { name: /Cliente Dos$/ })).toHaveTextContent(
        'Estancada 2 días',
      ),
    );
    expect(db.calls.filter((call) => call.path === '/api/settings')).toHaveLength(1);
  });
});
