import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importsApi } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import { importChanged } from './start-import';

/** POST /api/imports/:id/cancel: stops after the chunk under way; what went in stays. */
export const cancelImport = (id: string) => callEndpoint(importsApi.cancel, { params: { id } });

export function useCancelImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelImport,
    onSuccess: (summary) => importChanged(queryClient, summary),
  });
}
