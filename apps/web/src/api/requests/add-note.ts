import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, type AddNoteBody, type Request } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { applyRequestChange } from './board-cache';
import { historyQueryKey } from './get-request-history';
import { requestQueryOptions } from './get-request';

/** POST /api/form-contact/{id}/notes: the note is stored at once, at the top of the list. */
export function addNote(id: string, body: AddNoteBody) {
  return callEndpoint(api.requests.addNote, { params: { id }, body });
}

/** After a note call: the request's query and its card take the server's copy; history reloads. */
export function showNoteSaved(queryClient: QueryClient, saved: Request) {
  const before = queryClient.getQueryData(requestQueryOptions(saved._id).queryKey);
  void applyRequestChange(queryClient, before ?? saved, saved);
  void queryClient.invalidateQueries({ queryKey: historyQueryKey(saved._id) });
}

export function useAddNote(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation<Request, Error, AddNoteBody>({
    mutationFn: (body) => addNote(requestId, body),
    onSuccess: (saved) => showNoteSaved(queryClient, saved),
  });
}
