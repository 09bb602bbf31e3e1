import { useMutation, useQueryClient } from '@tanstack/react-query';
import { requestsApi, type Request } from '@crm/shared';
import { callEndpoint, conflictCurrent, isConflict } from '../../lib/api-client';
import { showNoteSaved } from './add-note';

export type EditNoteInput = { index: number; from: string; to: string };

/** PUT /api/form-contact/{id}/notes/{index}: applies only while the note still reads `from`. */
export function editNote(id: string, { index, from, to }: EditNoteInput) {
  return callEndpoint(requestsApi.editNote, { params: { id, index }, body: { from, to } });
}

/** The note's text now, from an edit's 409 (`current.note`; null when no note is there). */
export function currentNoteOf(error: unknown): string | null | undefined {
  if (!isConflict(error)) return undefined;
  const note = conflictCurrent(error, 'note');
  return typeof note === 'string' ? note : null;
}

export function useEditNote(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation<Request, Error, EditNoteInput>({
    mutationFn: (input) => editNote(requestId, input),
    onSuccess: (saved) => showNoteSaved(queryClient, saved),
  });
}
