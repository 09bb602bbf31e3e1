import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import {
  requestsApi,
  MOVE_MESSAGES,
  isRequestStatus,
  type MoveRequestBody,
  type OutcomeBody,
  type Request,
  type RequestStatus,
} from '@crm/shared';
import { callEndpoint, conflictCurrent } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { changeCachedColumns, refetchColumns } from './board-cache';
import { historyQueryKey } from './get-request-history';
import { requestQueryOptions } from './get-request';
import { markOptimistic } from './request-records';

/** PATCH /api/form-contact/{id}/status: applies only while the request is still in `from`. */
export function moveRequest(id: string, body: MoveRequestBody) {
  return callEndpoint(requestsApi.move, { params: { id }, body });
}

/** `outcome`: the answer to "¿Ganada o perdida?", which a move to CERRADO needs (issue 21). */
export type MoveInput = {
  request: Request;
  to: RequestStatus;
  outcome?: OutcomeBody;
  /** Issue 33: the amount paid given with a won close (absent: left as it is). */
  amoutPaid?: number;
};

/** The request as the board shows it the moment it is moved: in its new stage, with its outcome. */
const movedCopy = ({ request, to, outcome, amoutPaid }: MoveInput): Request => ({
  ...request,
  status: to,
  amoutPaid: amoutPaid ?? request.amoutPaid,
  // Leaving CERRADO clears the outcome (the server does the same).
  outcome: outcome
    ? { result: outcome.result, reason: outcome.reason ?? null, comment: outcome.comment ?? null }
    : null,
});

/** Where the server says the request is now, from a move's 409 (`current.status`). */
function currentStatusOf(error: unknown): RequestStatus | undefined {
  const status = conflictCurrent(error, 'status');
  return isRequestStatus(status) ? status : undefined;
}

type MoveContext = { optimistic: Request; stale: QueryKey[] };

/**
 * Settles the board once the server has answered: the card goes from what was shown to what
 * the server says, and the filtered columns the move touched (left alone until now, since the
 * server did not have the move yet) are fetched again, each once.
 */
function settle(queryClient: QueryClient, shown: Request, stored: Request, stale: QueryKey[]) {
  void refetchColumns(queryClient, [...stale, ...changeCachedColumns(queryClient, shown, stored)]);
  void queryClient.invalidateQueries({ queryKey: historyQueryKey(stored._id) });
}

/**
 * A move in one gesture (a move to CERRADO carries its outcome: features/requests/outcome asks
 * for it before calling this). Optimistic: the card changes column at once in every cached column and
 * in the request's own query; when the server refuses, it goes back (or, on a 409, to where the
 * server has it now) with a notice saying why. Resolves with the server's request.
 */
export function useMoveRequest() {
  const queryClient = useQueryClient();
  return useMutation<Request, Error, MoveInput, MoveContext>({
    mutationFn: ({ request, to, outcome, amoutPaid }) =>
      moveRequest(request._id, {
        from: request.status,
        to,
        ...(outcome ? { outcome } : {}),
        ...(amoutPaid === undefined ? {} : { amoutPaid }),
      }),
    onMutate: async (input) => {
      const { request } = input;
      await queryClient.cancelQueries({ queryKey: requestQueryOptions(request._id).queryKey });
      const optimistic = movedCopy(input);
      const stale = changeCachedColumns(queryClient, request, optimistic);
      markOptimistic(queryClient, request._id);
      return { optimistic, stale };
    },
    onSuccess: (moved, _input, { optimistic, stale }) =>
      settle(queryClient, optimistic, moved, stale),
    onError: (error, { request }, context) => {
      const shown = context?.optimistic ?? request;
      const stale = context?.stale ?? [];
      const current = currentStatusOf(error);
      if (current) {
        notify.error(MOVE_MESSAGES.movedMeanwhile(current));
        settle(queryClient, shown, { ...request, status: current }, stale);
        // The rest of the request may have changed too: read it again.
        void queryClient.invalidateQueries({ queryKey: requestQueryOptions(request._id).queryKey });
        return;
      }
      notify.error(MOVE_MESSAGES.failed);
      settle(queryClient, shown, request, stale);
    },
  });
}
