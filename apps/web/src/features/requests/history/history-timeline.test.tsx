import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HistoryEntry } from '@crm/shared';
import { HistoryTimeline } from './history-timeline';
import { setupUser } from '../../../test/user';

afterEach(() => {
  vi.unstubAllEnvs();
});

const ana = { _id: 'a'.repeat(24), name: 'Ana', lastName: 'Castro' };
const luis = { _id: 'b'.repeat(24), name: 'Luis', lastName: 'Pérez' };
const SAVE_AT = '2026-11-23T10:42:00.000Z';

const change = (overrides: Partial<HistoryEntry>): HistoryEntry => ({
  at: SAVE_AT,
  by: ana._id,
  byName: 'Ana Castro',
  field: 'company',
  from: null,
  to: null,
  ...overrides,
});

function Timeline({ entries }: { entries: HistoryEntry[] }) {
  const history = useQuery({ queryKey: ['history'], queryFn: () => Promise.resolve({ entries }) });
  return <HistoryTimeline history={history} users={[ana, luis]} />;
}

/** The timeline, opened, with its entries (newest first, as the API answers them). */
async function renderTimeline(entries: HistoryEntry[]) {
  vi.stubEnv('TZ', 'UTC');
  const user = setupUser();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Timeline entries={entries} />
    </QueryClientProvider>,
  );
  await user.click(screen.getByRole('button', { name: /^Historial/ }));
  const timeline = await screen.findByRole('list', { name: 'Historial' });
  const saves = () =>
    [...timeline.children].map((item) => {
      const changes = item.querySelector('ul');
      return changes
        ? {
            line: item.querySelector('p')?.textContent,
            changes: [...changes.children].map((li) => li.textContent),
          }
        : item.textContent;
    });
  return { user, timeline, saves };
}

describe('HistoryTimeline (issue 25)', () => {
  it('groups the changes of one save under who and when, each as "campo: antes → después"', async () => {
    const { saves } = await renderTimeline([
      change({ field: 'emailSentToCloseEvents', from: 'pending', to: 'true' }),
      change({ field: 'priority', from: 'low', to: 'high' }),
      change({ field: 'company', from: 'Vieja SpA', to: 'Nueva SpA' }),
      change({ field: 'jobPosition', from: '', to: 'Gerente', at: '2026-11-22T09:00:00.000Z' }),
      change({
        field: 'status',
        from: 'new request',
        to: 'contacted',
        by: luis._id,
        byName: 'Luis Pérez',
        at: '2026-11-21T08:05:00.000Z',
      }),
    ]);

    expect(saves()).toEqual([
      {
        line: 'Ana C. · 23/11/26 10:42',
        changes: [
          'Correo de cierre enviado: Pendiente → Sí',
          'Prioridad: Baja → Alta',
          'Compañía: Vieja SpA → Nueva SpA',
        ],
      },
      'Ana C. cambió Cargo: (vacío) → Gerente · 22/11/26 09:00',
      'Luis P. movió de NUEVA SOLICITUD a CONTACTADO · 21/11/26 08:05',
    ]);
  });

  it('shows a note’s text, a long one shortened with "Ver todo" to read it whole', async () => {
    const long = `Cliente pide ${'cotización detallada '.repeat(20)}fin`;
    const { user, timeline } = await renderTimeline([
      change({ field: 'note', from: null, to: long }),
      change({ field: 'note', from: null, to: 'Llamar el lunes', at: '2026-11-22T09:00:00.000Z' }),
    ]);

    const [longItem, shortItem] = within(timeline).getAllByRole('listitem');
    expect(shortItem).toHaveTextContent('Ana C. agregó una nota: «Llamar el lunes» · 22/11/26');
    expect(within(shortItem as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    expect(longItem).toHaveTextContent(/^Ana C\. agregó una nota: «Cliente pide cotización/);
    expect(longItem).not.toHaveTextContent(/fin»/);

    await user.click(within(longItem as HTMLElement).getByRole('button', { name: 'Ver todo' }));
    expect(longItem).toHaveTextContent(`«${long}»`);
    await user.click(within(longItem as HTMLElement).getByRole('button', { name: 'Ver menos' }));
    expect(longItem).not.toHaveTextContent(/fin»/);
  });

  it('still reads an older note entry saved without its text', async () => {
    const { saves } = await renderTimeline([
      change({ field: 'note', by: null, byName: null, from: null, to: null }),
    ]);
    expect(saves()).toEqual(['Alguien agregó una nota · 23/11/26 10:42']);
  });
});
