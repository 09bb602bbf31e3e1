import { toast, type ToastOptions } from 'react-toastify';
import { columnTitleOf, NOTICE_OPTIONS, type Request } from '@crm/shared';
import { cardLabel } from '../../card';
import { missingSentence, type MissingField } from '../../shared';

/**
 * A notice with a button stays longer than §9's 3 s: time to read which fields are missing and
 * reach "Completar datos" (WCAG 2.2.1). It still pauses on hover and closes on click (§9).
 */
export const ACTION_NOTICE_MS = 10_000;

export type MovedNoticeProps = {
  request: Request;
  missing: readonly MissingField[];
  /** Opens the Edit Request modal at the first missing field; absent when none is fillable. */
  onComplete?: () => void;
};

/** "Movida a CERRADO." — which request — "Faltan: …" — [Completar datos]. */
export function MovedNotice({ request, missing, onComplete }: MovedNoticeProps) {
  return (
    <div className="space-y-1 text-sm">
      <p className="font-semibold">Movida a {columnTitleOf(request.status)}.</p>
      <p className="text-xs text-slate-600">{cardLabel(request)}</p>
      {missing.length > 0 ? <p>{missingSentence(missing)}</p> : null}
      {onComplete ? (
        <button
          type="button"
          onClick={onComplete}
          className="mt-1 rounded-md bg-indigo-600 px-2.5 py-1 text-xs font-semibold text-white hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
        >
          Completar datos
        </button>
      ) : null}
    </div>
  );
}

/**
 * Tells where a request went and what its new stage still lacks (§5: the rules never block a
 * move). One notice per request: moving it again replaces its notice.
 */
export function showMovedNotice(props: MovedNoticeProps) {
  const toastId = `moved-${props.request._id}`;
  const options: ToastOptions = {
    ...NOTICE_OPTIONS,
    toastId,
    type: props.missing.length > 0 ? 'warning' : 'success',
    autoClose: props.onComplete ? ACTION_NOTICE_MS : NOTICE_OPTIONS.autoClose,
  };
  const content = <MovedNotice {...props} />;
  if (toast.isActive(toastId)) toast.update(toastId, { ...options, render: content });
  else toast(content, options);
}
