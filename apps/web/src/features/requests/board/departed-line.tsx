import { useEffect, useState } from 'react';
import { columnTitleOf, type RequestStatus, BOARD_MOVE_LABELS } from '@crm/shared';
import { useRequestRecord } from '../../../api/requests/get-request';
import { ACTION_NOTICE_MS } from './drag/moved-notice';

export type DepartedLineProps = {
  requestId: string;
  /** "Ver": shows the stage the request is in now, with the focus on its card. */
  onShow: (requestId: string, status: RequestStatus) => void;
  /** Its time is up: the line goes. */
  onEnd: () => void;
};

/**
 * On a phone, where the board shows one stage, the short line a card moved elsewhere leaves in
 * its place (issue 25): "Movida a CONTACTADO · Ver". It names where the request is now (the
 * server's stage once it answered) and stays as long as a notice with a button, longer while a
 * finger or the focus is on it.
 */
export function DepartedLine({ requestId, onShow, onEnd }: DepartedLineProps) {
  const request = useRequestRecord(requestId);
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (held) return;
    const timer = setTimeout(onEnd, ACTION_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [held, onEnd]);
  if (!request) return null;
  const title = columnTitleOf(request.status);
  return (
    <p
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      className="flex items-center gap-1 rounded-lg border border-dashed border-slate-300 pl-3 text-xs text-slate-700"
    >
      {BOARD_MOVE_LABELS.movedTo(title)}
      <span aria-hidden>·</span>
      <button
        type="button"
        aria-label={BOARD_MOVE_LABELS.showLabel(title)}
        onClick={() => onShow(request._id, request.status)}
        className="min-h-11 rounded-md px-3 font-semibold text-indigo-700 hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {BOARD_MOVE_LABELS.show}
      </button>
    </p>
  );
}
