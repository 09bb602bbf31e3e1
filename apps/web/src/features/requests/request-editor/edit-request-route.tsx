import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { EditRequestModal } from './edit-request-modal';
import { OutcomeQuestionHost } from '../outcome';
import { BOARD_PATH, FOCUS_PARAM } from '../shared';

type BoardState = { fromBoard?: boolean } | null;

/** The board's own query (its filters), without the modal's `focus`. */
function boardSearch(search: string) {
  const params = new URLSearchParams(search);
  params.delete(FOCUS_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/**
 * /main/requests/:requestId: that request's Edit Request modal over the board, so a request can
 * be linked to (with `?focus=<field>`, at that field). Closing returns to the board with its
 * filters: back in history when the board opened it, else (a deep link) by replacing this entry.
 */
export function EditRequestRoute() {
  const { requestId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { search } = location;
  const fromBoard = (location.state as BoardState)?.fromBoard === true;
  const focusField = new URLSearchParams(search).get(FOCUS_PARAM) ?? undefined;

  const close = useCallback(() => {
    if (fromBoard) void navigate(-1);
    else void navigate({ pathname: BOARD_PATH, search: boardSearch(search) }, { replace: true });
  }, [fromBoard, navigate, search]);

  return (
    <>
      <EditRequestModal
        key={requestId}
        requestId={requestId}
        focusField={focusField}
        onClose={close}
      />
      {/* The closing question of a move to CERRADO from the stage select (the board's, when
          the modal opens over it). */}
      <OutcomeQuestionHost />
    </>
  );
}
