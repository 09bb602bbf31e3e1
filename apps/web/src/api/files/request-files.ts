import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { filesApi, queryKeyOf } from '@crm/shared';
import { env } from '../../config/env';
import { callEndpoint } from '../../lib/api-client';

/** GET /api/form-contact/{id}/files?cursor: one page of "Archivos", newest first. */
export function getFilesPage(id: string, cursor: string | null, signal?: AbortSignal) {
  return callEndpoint(
    filesApi.list,
    { params: { id }, query: cursor ? { cursor } : {} },
    { signal },
  );
}

export const filesQueryKey = (id: string) => queryKeyOf(filesApi.list, { params: { id } });

export const filesQueryOptions = (id: string) =>
  infiniteQueryOptions({
    queryKey: filesQueryKey(id),
    queryFn: ({ pageParam, signal }) => getFilesPage(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });

export const useRequestFiles = (id: string) => useInfiniteQuery(filesQueryOptions(id));

/** POST /api/form-contact/{id}/files: the file's bytes under its own type, its name beside. */
export function uploadFile(id: string, file: File) {
  return callEndpoint(filesApi.upload, {
    params: { id },
    query: { name: file.name },
    // A slice of the file itself (no copy), under its type (or bytes when the browser knows none).
    rawBody: file.slice(0, file.size, file.type || 'application/octet-stream'),
  });
}

export function useUploadFile(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadFile(requestId, file),
    onSettled: () => queryClient.invalidateQueries({ queryKey: filesQueryKey(requestId) }),
  });
}

/** DELETE /api/form-contact/{id}/files/{fileId} */
export function useRemoveFile(requestId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fileId: string) =>
      callEndpoint(filesApi.remove, { params: { id: requestId, fileId } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: filesQueryKey(requestId) }),
  });
}

/**
 * POST /api/form-contact/{id}/files/{fileId}/link: the file's address with a one-time ticket that
 * works a minute, for the browser to download by itself (lib/follow-download.ts).
 */
export async function fileLink(requestId: string, fileId: string): Promise<string> {
  const { url } = await callEndpoint(filesApi.link, { params: { id: requestId, fileId } });
  return `${env.VITE_API_URL}${url}`;
}
