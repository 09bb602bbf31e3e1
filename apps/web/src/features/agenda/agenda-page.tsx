import { useState } from 'react';
import { AGENDA_LABELS, LOG_ACTIVITY_OPEN_LABEL } from '@crm/shared';
import { useAgenda } from '../../api/activities/get-agenda';
import { Button } from '../../components/ui/button';
import { LogActivityDialog } from '../requests';
import { AgendaSection } from './agenda-section';
import { UnreadMailSection } from './unread-mail-section';

/**
 * /main/agenda "Agenda" (issue 20): the signed-in person's open activities, overdue, today's and
 * the next 7 days', each range paged on its own ("Cargar más"). A row opens its request's Edit
 * Request modal, or completes the activity where it is. Above them (issue 35), "Correos sin
 * leer": their requests with customer mail no one has read, while there are any.
 */
export function AgendaPage() {
  // The ranges in the order a rep works them.
  const ranges = [
    { due: 'overdue', title: AGENDA_LABELS.overdue, query: useAgenda('overdue') },
    { due: 'today', title: AGENDA_LABELS.today, query: useAgenda('today') },
    { due: 'week', title: AGENDA_LABELS.week, query: useAgenda('week') },
  ] as const;
  // Issue 33: a call that already happened, logged in one step on the request it asks for.
  const [logging, setLogging] = useState(false);
  const nothingPlanned = ranges.every(
    ({ query }) => query.isSuccess && query.data.pages.every((page) => page.items.length === 0),
  );
  return (
    <div className="mx-auto max-w-3xl space-y-6 p-4 md:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{AGENDA_LABELS.title}</h1>
        <Button variant="secondary" aria-haspopup="dialog" onClick={() => setLogging(true)}>
          {LOG_ACTIVITY_OPEN_LABEL}
        </Button>
      </div>
      {logging ? <LogActivityDialog onClose={() => setLogging(false)} /> : null}
      <UnreadMailSection />
      {nothingPlanned ? (
        <p className="rounded-md bg-white px-4 py-6 text-center text-sm text-slate-600 ring-1 ring-slate-200">
          {AGENDA_LABELS.empty}
        </p>
      ) : (
        ranges.map(({ due, title, query }) => (
          <AgendaSection key={due} due={due} title={title} query={query} />
        ))
      )}
    </div>
  );
}
