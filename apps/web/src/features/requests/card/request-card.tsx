import {
  memo,
  useEffect,
  useRef,
  useState,
  type HTMLAttributes,
  type KeyboardEvent,
  type Ref,
} from 'react';
import { Building2, Check, Pencil, Trash2 } from 'lucide-react';
import {
  BULK_LABELS,
  priorityColor,
  type PriorityColor,
  type Request,
  type RequestStatus,
  formatShortDate,
  CARD_LABELS,
} from '@crm/shared';
import { useDeleteRequest } from '../../../api/requests/delete-request';
import { Button, IconButton } from '../../../components/ui/button';
import { EN } from '../../../lib/lang';
import { LogActivityDialog } from '../activities';
import { CARD_EDIT_ATTRIBUTE } from '../shared';
import { CardAvatar } from './card-avatar';
import { cardLabel, cardNumber } from './card-label';
import { CardLine } from './card-line';
import { useCardTime } from './card-time';
import { CardValue } from './card-value';
import { MoveMenu } from './move-menu';
import { NextStep } from './next-step';
import { PriorityBadge, priorityText } from './priority-badge';
import { StaleBadge } from './stale-badge';
import { UnreadMailBadge } from './unread-mail-badge';

const BAR_CLASSES: Record<PriorityColor, string> = {
  green: 'bg-green-500',
  orange: 'bg-orange-500',
  red: 'bg-red-500',
};

export type CardOwner = { initials: string; fullName: string; photo?: string };

/** What makes the card draggable (see DraggableCard): its node, listeners and focusability. */
export type CardDragProps = HTMLAttributes<HTMLElement> & { ref: Ref<HTMLElement> };

/** How the card looks in a drag: its place left behind, or the copy under the pointer. */
export type CardDragState = 'idle' | 'source' | 'preview';

export type RequestCardProps = {
  request: Request;
  owner: CardOwner | null;
  canDelete: boolean;
  onEdit: (requestId: string) => void;
  /** Its place in the column and the column's total, for screen readers (a feed of articles). */
  position: number;
  total: number;
  /** "Mover a…": moves the request to another stage (absent on the drag preview). */
  onMove?: (request: Request, to: RequestStatus) => void;
  /** Present while the card can be dragged (not on a phone, where one column shows). */
  drag?: CardDragProps;
  dragState?: CardDragState;
  /** Issue 24: the card's checkbox for a bulk action (absent on the drag preview). */
  onSelect?: (requestId: string, range: boolean) => void;
  selected?: boolean;
  /** Something is selected: every card's checkbox shows, not only on hover or focus. */
  selecting?: boolean;
};

/**
 * On a phone each of the card's buttons is at least 44×44 px (issue 25), a finger's size; the
 * first two lines leave room under the pencil and the bin, which then take 44 px each.
 */
const PHONE_TARGET = 'max-md:min-h-11 max-md:min-w-11';

const DRAG_CLASSES: Record<CardDragState, string> = {
  idle: '',
  source: 'opacity-40',
  preview: 'cursor-grabbing shadow-lg ring-2 ring-indigo-400 rotate-1',
};

/**
 * One request on the board (§2): priority bar (and its words), number, name, company, date,
 * type, next activity and stale badge (issue 20), edit/delete, avatar. Dense, so five columns
 * fit at 1280 px.
 */
const stop = (event: { stopPropagation: () => void }) => event.stopPropagation();
const STOP_CARD_EVENTS = {
  onClick: stop,
  onDoubleClick: stop,
  onMouseDown: stop,
  onPointerDown: stop,
  onTouchStart: stop,
  onKeyDown: stop,
};

export const RequestCard = memo(function RequestCard({
  request,
  owner,
  canDelete,
  onEdit,
  position,
  total,
  onMove,
  drag,
  dragState = 'idle',
  onSelect,
  selected = false,
  selecting = false,
}: RequestCardProps) {
  const [confirming, setConfirming] = useState(false);
  // Issue 33: "Registrar actividad" from the card's menu.
  const [logging, setLogging] = useState(false);
  const deletion = useDeleteRequest();
  const { timeZone } = useCardTime();
  const color = priorityColor(request.priority);
  const number = cardNumber(request);
  const label = cardLabel(request);
  const edit = () => onEdit(request._id);
  // One more button's room for the checkbox (a finger's 44 px on a phone).
  const buttons = (canDelete ? 2 : 1) + (onSelect ? 1 : 0);
  const roomForActions = ['pr-7 max-md:pr-11', 'pr-13 max-md:pr-22', 'pr-19 max-md:pr-33'][
    buttons - 1
  ];
  const roomOnPhone = ['max-md:pr-11', 'max-md:pr-22', 'max-md:pr-33'][buttons - 1];

  // The inline delete confirmation takes the focus on "Cancel" (the safe choice) and gives it
  // back to the delete icon when it closes (Cancel, Escape, a failed delete).
  const actionsRef = useRef<HTMLDivElement>(null);
  const confirmRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (confirming) {
      confirmRef.current?.querySelector<HTMLElement>('button')?.focus();
    } else if (returnFocus.current) {
      returnFocus.current = false;
      actionsRef.current?.querySelector<HTMLElement>('[data-card-delete]')?.focus();
    }
  }, [confirming]);
  const closeConfirmation = () => {
    returnFocus.current = true;
    setConfirming(false);
  };
  const onConfirmationKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || deletion.isPending) return;
    // Escape cancels here, as it closes dialogs; it goes no further (nothing else closes).
    event.stopPropagation();
    closeConfirmation();
  };
  const remove = () => {
    // Once deleted, the card leaves its column: the focus goes to the card that takes its place
    // (or the one before it), else to the column.
    const article = actionsRef.current?.closest('article');
    const row = article?.parentElement;
    const neighbours = [row?.nextElementSibling, row?.previousElementSibling].map((element) =>
      element?.querySelector<HTMLElement>('article[data-request-id]'),
    );
    const column = article?.closest<HTMLElement>('section');
    deletion.mutateAsync(request._id).then(
      () => {
        setConfirming(false);
        setTimeout(() => {
          if (document.activeElement && document.activeElement !== document.body) return;
          const next = neighbours.find((element) => element?.isConnected);
          (next ?? column)?.focus();
        }, 0);
      },
      // Told by a notice (useDeleteRequest); the card stays, with the focus on its delete icon.
      closeConfirmation,
    );
  };

  return (
    <article
      // Not a tab stop where it can't be dragged (a phone), but the board can put the focus on
      // it (a moved card's "Ver", the Edit Request modal closing).
      tabIndex={-1}
      {...drag}
      aria-label={label}
      aria-posinset={position}
      aria-setsize={total}
      // The drag preview is a copy: the board finds (and focuses) cards by this id.
      data-request-id={dragState === 'preview' ? undefined : request._id}
      // While it is dragged, the board leaves its keys to the drag (useBoardShortcuts).
      data-dragging={dragState === 'source' || undefined}
      className={`group relative rounded-lg py-2 pr-1.5 pl-3.5 text-xs shadow-xs focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 ${
        drag ? 'cursor-grab touch-manipulation' : ''
      } ${DRAG_CLASSES[dragState]} ${
        selected ? 'bg-indigo-50 ring-2 ring-indigo-400' : 'bg-white ring-1 ring-slate-200'
      }`}
    >
      <div
        className={`absolute inset-y-0 left-0 w-1.5 rounded-l-lg ${BAR_CLASSES[color]}`}
        data-priority-color={color}
        title={CARD_LABELS.priority(priorityText(request.priority))}
        aria-hidden
      />

      {/* Top right, over the first line's free end (on a phone, the first two lines'); the lines
          below use the card's full width. */}
      <div ref={actionsRef} className="absolute top-1 right-1 flex max-md:top-0 max-md:right-0">
        {onSelect ? (
          // Shown on hover or focus, always once something is selected or on a touch screen.
          // Issue 33: the input itself is the whole 24 px target (44 px on a phone), invisible
          // over the 14 px box drawn for it (axe's target-size measures the input).
          <label
            className={`relative flex size-6 cursor-pointer items-center justify-center ${PHONE_TARGET} ${
              selected || selecting
                ? ''
                : 'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 pointer-coarse:opacity-100'
            }`}
          >
            <input
              type="checkbox"
              checked={selected}
              onChange={(event) =>
                onSelect(
                  request._id,
                  event.nativeEvent instanceof MouseEvent && event.nativeEvent.shiftKey,
                )
              }
              aria-label={`${BULK_LABELS.select} ${label}`}
              className="peer absolute inset-0 m-0 size-full cursor-pointer opacity-0"
            />
            <span
              aria-hidden
              className="flex size-3.5 items-center justify-center rounded-[3px] bg-white text-white ring-1 ring-slate-500 peer-checked:bg-indigo-600 peer-checked:ring-indigo-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 [&>svg]:hidden peer-checked:[&>svg]:block"
            >
              <Check className="size-3" strokeWidth={3} />
            </span>
          </label>
        ) : null}
        <IconButton
          label={CARD_LABELS.edit}
          onClick={edit}
          className={`p-1 ${PHONE_TARGET}`}
          {...{ [CARD_EDIT_ATTRIBUTE]: '' }}
        >
          <Pencil className="size-3.5" aria-hidden />
        </IconButton>
        {canDelete ? (
          <IconButton
            label={CARD_LABELS.remove}
            onClick={() => setConfirming(true)}
            aria-expanded={confirming}
            data-card-delete=""
            className={`p-1 hover:bg-red-50 hover:text-red-600 ${PHONE_TARGET}`}
          >
            <Trash2 className="size-3.5" aria-hidden />
          </IconButton>
        ) : null}
      </div>

      <dl className="space-y-0.5">
        <CardLine label={CARD_LABELS.number} value={number} className={roomForActions} />
        <CardLine label={CARD_LABELS.name} value={request.name} strong className={roomOnPhone} />
        {request.company ? (
          <CardLine
            label={CARD_LABELS.company}
            value={request.company}
            hiddenLabel
            icon={<Building2 className="size-3 shrink-0 self-center text-slate-400" aria-hidden />}
          />
        ) : null}
        <CardLine label={CARD_LABELS.date} value={formatShortDate(request.createdAt, timeZone)} />
        <CardLine label={CARD_LABELS.type} value={request.requestType} />
        <CardValue request={request} />
        <NextStep request={request} completable={dragState !== 'preview'} />
      </dl>

      {canDelete && confirming ? (
        <div
          ref={confirmRef}
          role="group"
          aria-label={CARD_LABELS.confirmRemove(label)}
          onKeyDown={onConfirmationKey}
          className="mt-2 mr-0.5 flex flex-wrap items-center justify-end gap-1.5 rounded-md bg-red-50 p-1.5"
        >
          <Button
            variant="secondary"
            className={`px-2 py-1 text-xs ${PHONE_TARGET}`}
            onClick={closeConfirmation}
            disabled={deletion.isPending}
            {...EN}
          >
            {CARD_LABELS.cancel}
          </Button>
          <Button
            variant="danger"
            className={`px-2 py-1 text-xs ${PHONE_TARGET}`}
            disabled={deletion.isPending}
            onClick={remove}
            {...EN}
          >
            {deletion.isPending ? CARD_LABELS.deleting : CARD_LABELS.delete}
          </Button>
        </div>
      ) : null}

      <div className="mt-1.5 mr-0.5 flex items-center justify-between gap-1">
        <div className="flex min-w-0 flex-wrap items-center gap-1">
          <PriorityBadge priority={request.priority} />
          <StaleBadge request={request} />
          <UnreadMailBadge request={request} />
        </div>
        <div className="flex items-center gap-1">
          {onMove ? (
            <MoveMenu
              status={request.status}
              requestLabel={label}
              onMove={(to) => onMove(request, to)}
              onLogActivity={() => setLogging(true)}
            />
          ) : null}
          {logging ? (
            // The dialog's events are not the card's (a click opens it, a press drags it).
            <span className="contents" {...STOP_CARD_EVENTS}>
              <LogActivityDialog requestId={request._id} onClose={() => setLogging(false)} />
            </span>
          ) : null}
          <CardAvatar
            owner={owner}
            assigned={request.vendor !== null}
            // Deleting and assigning are both the system admin's (§6).
            canAssign={canDelete}
            onClick={edit}
          />
        </div>
      </div>
    </article>
  );
});
