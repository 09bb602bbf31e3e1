import type { AgendaBucket, AgendaItem } from '@crm/shared';
import { useCompleteFromAgenda } from '../../api/activities/complete-activity';
import { AgendaRow } from './agenda-row';

export type AgendaRowsProps = {
  items: AgendaItem[];
  due: AgendaBucket;
  /** The id of the heading that names the list. */
  labelledBy: string;
};

/** A range's rows, each completable in place: the agenda's sections and Inicio's "Para hoy". */
export function AgendaRows({ items, due, labelledBy }: AgendaRowsProps) {
  const complete = useCompleteFromAgenda();
  return (
    <ul aria-labelledby={labelledBy} className="space-y-2">
      {items.map((item) => (
        <AgendaRow
          key={item.activity._id}
          item={item}
          overdueRange={due === 'overdue'}
          completing={complete.isPending && complete.variables.activity._id === item.activity._id}
          onComplete={() =>
            complete.mutate({ requestId: item.request._id, activity: item.activity })
          }
        />
      ))}
    </ul>
  );
}
