import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importsApi, IMPORT_MEDIA_TYPES } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { importQueryKey } from './get-import';

/**
 * The type the file goes with: its own when the API takes it; otherwise (a CSV a system names
 * "text/x-csv", or none at all) a neutral one. The API reads the bytes, not the type.
 */
const mediaTypeOf = (file: File) =>
  (IMPORT_MEDIA_TYPES as readonly string[]).includes(file.type)
    ? file.type
    : 'application/octet-stream';

/** POST /api/imports?name=<file name>: the file's bytes as they are (as the profile's photo). */
export function uploadImport(file: File) {
  return callEndpoint(importsApi.upload, {
    // As the API takes a name: at most 200 characters, no blanks at either end.
    query: { name: file.name.slice(0, 200).trim() },
    // A slice of the file itself (no copy) under that type.
    rawBody: file.slice(0, file.size, mediaTypeOf(file)),
  });
}

/** The upload; its answer (headers, sample, guessed mapping) becomes the import's cached copy. */
export function useUploadImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadImport,
    onSuccess: (summary) => queryClient.setQueryData(importQueryKey(summary._id), summary),
  });
}
