import { useCallback } from 'react';
import type { Request, RequestStatus } from '@crm/shared';
import { useMoveRequest } from '../../../api/requests/move-request';
import { askOutcome, type ClosingAnswer } from './outcome-question';

/** The answer as a move carries it: the outcome, and the amount paid apart. */
const closingOf = ({ amoutPaid, ...outcome }: ClosingAnswer) => ({ outcome, amoutPaid });

/** A move that was not sent: the closing question was cancelled. */
class MoveCancelled extends Error {
  constructor() {
    super('Move cancelled');
    this.name = 'MoveCancelled';
  }
}

/**
 * The one way the screens move a request (useMoveRequest), with the closing question in front:
 * a move into CERRADO first asks "¿Ganada o perdida?" and is sent with the answer; a cancelled
 * question sends nothing (the card never left its column) and rejects with MoveCancelled.
 */
export function useMoveWithOutcome() {
  const mutation = useMoveRequest();
  const { mutateAsync } = mutation;
  const move = useCallback(
    /** `onSend`: called as the move is sent, once the question (if any) is answered. */
    async (request: Request, to: RequestStatus, onSend?: () => void): Promise<Request> => {
      // Into CERRADO from another stage, the question first (null: cancelled, nothing is sent);
      // any other move is sent at once, with no await before it.
      // One request's close also asks the amount paid with "Ganada" (issue 33).
      const answer =
        to === 'closed' && request.status !== 'closed'
          ? await askOutcome(request, { askAmount: true })
          : undefined;
      if (answer === null) throw new MoveCancelled();
      const moving = mutateAsync(answer ? { request, to, ...closingOf(answer) } : { request, to });
      onSend?.();
      return moving;
    },
    [mutateAsync],
  );
  return { move, isPending: mutation.isPending, variables: mutation.variables };
}
