import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { emailsApi, type SendEmailBody } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { filesQueryKey } from '../files/request-files';
import { historyQueryKey } from '../requests/get-request-history';
import { emailsQueryKey } from './get-emails';

/** POST /api/form-contact/{id}/emails: stored with the request, then sent (or left pending). */
export function sendEmail(id: string, body: SendEmailBody) {
  return callEndpoint(emailsApi.send, { params: { id }, body });
}

/** POST /api/form-contact/{id}/emails/{emailId}/retry: one more try at a mail not sent. */
export function retryEmail(id: string, emailId: string) {
  return callEndpoint(emailsApi.retry, { params: { id, emailId } });
}

/** The thread and the history (which records each mail) are read again. */
function threadChanged(queryClient: QueryClient, requestId: string) {
  void queryClient.invalidateQueries({ queryKey: emailsQueryKey(requestId) });
  void queryClient.invalidateQueries({ queryKey: historyQueryKey(requestId) });
  // A mail's files are marked sent: "Archivos" says so.
  void queryClient.invalidateQueries({ queryKey: filesQueryKey(requestId) });
}

export function useSendEmail(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SendEmailBody) => sendEmail(requestId, body),
    onSettled: () => threadChanged(queryClient, requestId),
  });
}

export function useRetryEmail(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (emailId: string) => retryEmail(requestId, emailId),
    onSettled: () => threadChanged(queryClient, requestId),
  });
}
