import type { AgendaBucket, AgendaItem } from '@crm/shared';
import { useCompleteActivity } from '../requests';
import { AgendaRow } from './agenda-row';

export type AgendaRowsProps = {
  items: AgendaItem[];
  due: AgendaBucket;
  /** The id of the heading that names the list. */
  labelledBy: string;
};

/**
 * A range's rows, each completable in place: the agenda's sections and Inicio's "Para hoy". As
 * everywhere (useCompleteActivity): a notice with "Deshacer" and "Planificar la siguiente", the
 * focus on the next row's "Completar" (else the page's content), one completion per double click.
 */
export function AgendaRows({ items, due, labelledBy }: AgendaRowsProps) {
  const { complete, pendingId } = useCompleteActivity();
  return (
    <ul aria-labelledby={labelledBy} className="space-y-2">
      {items.map((item) => (
        <AgendaRow
          key={item.activity._id}
          item={item}
          overdueRange={due === 'overdue'}
          completing={pendingId === item.activity._id}
          onComplete={(event) =>
            complete(event, { requestId: item.request._id, activity: item.activity })
          }
        />
      ))}
    </ul>
  );
}
