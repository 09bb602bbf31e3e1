import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { requestsApi, type AddNoteBody, type Request } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { applyRequestChange } from './board-cache';
import { historyQueryKey } from './get-request-history';
import { readRecord } from './request-records';

/** POST /api/form-contact/{id}/notes: the note is stored at once, at the top of the list. */
export function addNote(id: string, body: AddNoteBody) {
  return callEndpoint(requestsApi.addNote, { params: { id }, body });
}

/** After a note call: the request's record (its card, its modal) takes the server's copy; history reloads. */
export function showNoteSaved(queryClient: QueryClient, saved: Request) {
  void applyRequestChange(queryClient, readRecord(queryClient, saved._id) ?? saved, saved);
  void queryClient.invalidateQueries({ queryKey: historyQueryKey(saved._id) });
}

export function useAddNote(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation<Request, Error, AddNoteBody>({
    mutationFn: (body) => addNote(requestId, body),
    onSuccess: (saved) => showNoteSaved(queryClient, saved),
  });
}
