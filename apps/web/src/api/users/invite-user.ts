import { invitationsApi, USER_MESSAGES, type InviteUserBody, ACCOUNT_LABELS } from '@crm/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, callEndpoint } from '../../lib/api-client';
import { notify } from '../../lib/notify';
import { invalidateUsers } from './get-users';

/**
 * POST /api/user/invite (issue 23): creates the user without a password and sends them a link to
 * choose one. Without SMTP on the server the answer carries the link, to be shown once.
 */
export const inviteUser = (body: InviteUserBody) => callEndpoint(invitationsApi.invite, { body });

/** POST /api/user/invite/:id: a new link for a pending user (the older one stops working). */
export const resendInvitation = (id: string) =>
  callEndpoint(invitationsApi.resend, { params: { id } });

/**
 * An invitation sent or sent again: the answer's message as a notice, the users list refreshed
 * (a new user, pending). Refused for too many emails (429), the notice is the API's message,
 * which says how long to wait; any other failure, `failure`.
 */
function useInvitationMutation<V>(
  mutationFn: (variables: V) => ReturnType<typeof inviteUser>,
  failure: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer) => {
      notify.success(answer.message);
      return invalidateUsers(queryClient);
    },
    onError: (error) =>
      notify.error(error instanceof ApiError && error.status === 429 ? error.message : failure),
  });
}

export const useInviteUser = () => useInvitationMutation(inviteUser, USER_MESSAGES.createFailed);
export const useResendInvitation = () =>
  useInvitationMutation(resendInvitation, ACCOUNT_LABELS.requestFailed);
