import { memo, useState } from 'react';
import { Building2, Pencil, Trash2 } from 'lucide-react';
import {
  MISSING_REQUEST_NUMBER,
  priorityColor,
  type PriorityColor,
  type Request,
} from '@crm/shared';
import { useDeleteRequest } from '../../../api/requests/delete-request';
import { Button, IconButton } from '../../../components/ui/button';
import { formatCardDate } from '../../../lib/format';
import { CardAvatar } from './card-avatar';
import { CardLine } from './card-line';
import { PriorityBadge, priorityText } from './priority-badge';

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
  /** Its place in the column and the column's total, for screen readers (a feed of articles). */
  position: number;
  total: number;
};

/**
 * One request on the board (§2): priority bar (and its words), number, name, company, date,
 * type, edit/delete, avatar. Dense, so five columns fit at 1280 px.
 */
export const RequestCard = memo(function RequestCard({
  request,
  owner,
  canDelete,
  onEdit,
  position,
  total,
}: RequestCardProps) {
  const [confirming, setConfirming] = useState(false);
  const deletion = useDeleteRequest();
  const color = priorityColor(request.priority);
  const number = String(request.requestNumber ?? MISSING_REQUEST_NUMBER);
  const edit = () => onEdit(request._id);

  return (
    <article
      aria-label={`Solicitud ${number}: ${request.name}`}
      aria-posinset={position}
      aria-setsize={total}
      className="relative rounded-lg bg-white py-2 pr-1.5 pl-3.5 text-xs shadow-xs ring-1 ring-slate-200"
    >
      <div
        className={`absolute inset-y-0 left-0 w-1.5 rounded-l-lg ${BAR_CLASSES[color]}`}
        data-priority-color={color}
        title={`Prioridad: ${priorityText(request.priority)}`}
        aria-hidden
      />

      {/* Top right, over the first line's free end; the lines below use the card's full width. */}
      <div className="absolute top-1 right-1 flex">
        <IconButton label="Editar solicitud" onClick={edit} className="p-1">
          <Pencil className="size-3.5" aria-hidden />
        </IconButton>
        {canDelete ? (
          <IconButton
            label="Eliminar solicitud"
            onClick={() => setConfirming(true)}
            className="p-1 hover:bg-red-50 hover:text-red-600"
          >
            <Trash2 className="size-3.5" aria-hidden />
          </IconButton>
        ) : null}
      </div>

      <dl className="space-y-0.5">
        <CardLine label="Número:" value={number} className={canDelete ? 'pr-13' : 'pr-7'} />
        <CardLine label="Nombre:" value={request.name} strong />
        {request.company ? (
          <CardLine
            label="Compañía:"
            value={request.company}
            hiddenLabel
            icon={<Building2 className="size-3 shrink-0 self-center text-slate-400" aria-hidden />}
          />
        ) : null}
        <CardLine label="Fecha:" value={formatCardDate(request.createdAt)} />
        <CardLine label="Tipo:" value={request.requestType} />
      </dl>

      {canDelete && confirming ? (
        <div className="mt-2 mr-0.5 flex flex-wrap items-center justify-end gap-1.5 rounded-md bg-red-50 p-1.5">
          <Button
            variant="secondary"
            className="px-2 py-1 text-xs"
            onClick={() => setConfirming(false)}
            disabled={deletion.isPending}
          >
            Cancel
          </Button>
          <Button
            variant="danger"
            className="px-2 py-1 text-xs"
            disabled={deletion.isPending}
            onClick={() => deletion.mutate(request._id, { onSettled: () => setConfirming(false) })}
          >
            {deletion.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      ) : null}

      <div className="mt-1.5 mr-0.5 flex items-center justify-between gap-1">
        <PriorityBadge priority={request.priority} />
        <CardAvatar owner={owner} assigned={request.vendor !== null} onClick={edit} />
      </div>
    </article>
  );
});
