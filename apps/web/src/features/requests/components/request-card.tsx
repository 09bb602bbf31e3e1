import { memo, useState } from 'react';
import { Pencil, Trash2 } from 'lucide-react';
import {
  MISSING_REQUEST_NUMBER,
  PRIORITY_LABELS,
  priorityColor,
  type Priority,
  type PriorityColor,
  type Request,
} from '@crm/shared';
import { useDeleteRequest } from '../../../api/requests/delete-request';
import { Button, IconButton } from '../../../components/ui/button';
import { formatCardDate } from '../../../lib/format';
import { CardAvatar } from './card-avatar';

const BAR_CLASSES: Record<PriorityColor, string> = {
  green: 'bg-green-500',
  orange: 'bg-orange-500',
  red: 'bg-red-500',
};

export type CardOwner = { initials: string; fullName: string };

export type RequestCardProps = {
  request: Request;
  owner: CardOwner | null;
  canDelete: boolean;
  onEdit: (requestId: string) => void;
};

function priorityText(priority: string) {
  return PRIORITY_LABELS[priority as Priority] ?? priority;
}

/** One request on the board (§2): colour bar, number, name, date, type, edit/delete, avatar. */
export const RequestCard = memo(function RequestCard({
  request,
  owner,
  canDelete,
  onEdit,
}: RequestCardProps) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteRequest();
  const color = priorityColor(request.priority);
  const edit = () => onEdit(request._id);

  return (
    <article
      aria-label={`Solicitud ${request.requestNumber ?? MISSING_REQUEST_NUMBER}: ${request.name}`}
      className="relative overflow-hidden rounded-lg bg-white py-3 pr-3 pl-4 shadow-sm ring-1 ring-slate-200"
    >
      <div
        className={`absolute inset-y-0 left-0 w-1.5 ${BAR_CLASSES[color]}`}
        data-priority-color={color}
        title={`Prioridad: ${priorityText(request.priority)}`}
      />
      <span className="sr-only">Prioridad: {priorityText(request.priority)}</span>

      <div className="flex items-start justify-between gap-2">
        <dl className="min-w-0 space-y-0.5 text-sm">
          <CardLine
            label="Número:"
            value={String(request.requestNumber ?? MISSING_REQUEST_NUMBER)}
          />
          <CardLine label="Nombre:" value={request.name} strong />
          <CardLine label="Fecha:" value={formatCardDate(request.createdAt)} />
          <CardLine label="Tipo:" value={request.requestType} />
        </dl>
        <div className="flex shrink-0 gap-0.5">
          <IconButton label="Editar solicitud" onClick={edit}>
            <Pencil className="size-4" aria-hidden />
          </IconButton>
          {canDelete ? (
            <IconButton
              label="Eliminar solicitud"
              onClick={() => setConfirming(true)}
              className="hover:bg-red-50 hover:text-red-600"
            >
              <Trash2 className="size-4" aria-hidden />
            </IconButton>
          ) : null}
        </div>
      </div>

      {canDelete && confirming ? (
        <div className="mt-2 flex items-center justify-end gap-2 rounded-md bg-red-50 p-2">
          <Button
            variant="secondary"
            className="px-2.5 py-1 text-xs"
            onClick={() => setConfirming(false)}
            disabled={deletion.isPending}
          >
            Cancel
          </Button>
          <Button
            variant="danger"
            className="px-2.5 py-1 text-xs"
            disabled={deletion.isPending}
            onClick={() => deletion.mutate(request._id, { onSettled: () => setConfirming(false) })}
          >
            {deletion.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      ) : null}

      <div className="mt-2 flex justify-end">
        <CardAvatar owner={owner} assigned={request.vendor !== null} onClick={edit} />
      </div>
    </article>
  );
});

function CardLine({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex gap-1">
      <dt className="shrink-0 text-slate-500">{label}</dt>
      <dd className={`truncate ${strong ? 'font-semibold text-slate-900' : 'text-slate-700'}`}>
        {value}
      </dd>
    </div>
  );
}
