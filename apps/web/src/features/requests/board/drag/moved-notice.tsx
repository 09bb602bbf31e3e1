import { toast, type ToastOptions } from 'react-toastify';
import { columnTitleOf, NOTICE_OPTIONS, type Request, BOARD_MOVE_LABELS } from '@crm/shared';
import { cardLabel } from '../../card';
import { ACTION_NOTICE_MS, missingSentence, NoticeAction, type MissingField } from '../../shared';

// Its time on screen is requests/shared's (the activities' notice has the same).
export { ACTION_NOTICE_MS };

export type MovedNoticeProps = {
  request: Request;
  missing: readonly MissingField[];
  /** Opens the Edit Request modal at the first missing field; absent when none is fillable. */
  onComplete?: () => void;
  /** "Deshacer": moves the request back to where it was; absent on an undo's own notice. */
  onUndo?: () => void;
  /** The notice of a move undone: "Devuelta a …". */
  undone?: boolean;
};

/** "Movida a CERRADO." — which request — "Faltan: …" — [Deshacer] [Completar datos]. */
function MovedNotice({ request, missing, onComplete, onUndo, undone }: MovedNoticeProps) {
  const title = columnTitleOf(request.status);
  return (
    // Issue 33: compact (one line for where and which, cut with its full text as a tooltip), so
    // on a phone the one notice stays a small strip at the bottom.
    <div className="space-y-0.5 text-sm">
      <p className="flex min-w-0 items-baseline gap-1.5">
        <span className="shrink-0 font-semibold">
          {undone ? BOARD_MOVE_LABELS.movedBack(title) : BOARD_MOVE_LABELS.movedTo(title)}.
        </span>
        <span className="truncate text-xs text-slate-600" title={cardLabel(request)}>
          {cardLabel(request)}
        </span>
      </p>
      {missing.length > 0 ? <p>{missingSentence(missing)}</p> : null}
      {onUndo ? (
        <NoticeAction look="secondary" onClick={onUndo}>
          {BOARD_MOVE_LABELS.undo}
        </NoticeAction>
      ) : null}
      {onComplete ? (
        <NoticeAction look="primary" onClick={onComplete}>
          {BOARD_MOVE_LABELS.complete}
        </NoticeAction>
      ) : null}
    </div>
  );
}

const MOVED_NOTICE_ID = 'board-move';
const UNDONE_NOTICE_ID = 'board-move-undone';

/**
 * Tells where a request went and what its new stage still lacks (§5: the rules never block a
 * move). One move notice on screen (issue 33: two filled half a phone): the next move replaces
 * it, and its undo's notice; an undo has its own (the move's closes with the click on
 * "Deshacer"). A replaced "Deshacer" is still the card's "Mover a…".
 */
export function showMovedNotice(props: MovedNoticeProps) {
  const toastId = props.undone ? UNDONE_NOTICE_ID : MOVED_NOTICE_ID;
  if (!props.undone) toast.dismiss(UNDONE_NOTICE_ID);
  const options: ToastOptions = {
    ...NOTICE_OPTIONS,
    toastId,
    type: props.missing.length > 0 ? 'warning' : 'success',
    autoClose: props.onComplete || props.onUndo ? ACTION_NOTICE_MS : NOTICE_OPTIONS.autoClose,
  };
  const content = <MovedNotice {...props} />;
  if (toast.isActive(toastId)) toast.update(toastId, { ...options, render: content });
  else toast(content, options);
}
