import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { importsApi, type ImportSummary } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';
import type { ImportPlanCall } from './check-import';
import { importQueryKey } from './get-import';
import { importsQueryOptions } from './list-imports';

/** A start's or a cancel's answer: the import's copy, and the list that shows its status. */
export function importChanged(queryClient: QueryClient, summary: ImportSummary) {
  queryClient.setQueryData(importQueryKey(summary._id), summary);
  return queryClient.invalidateQueries({ queryKey: importsQueryOptions().queryKey });
}

/** POST /api/imports/:id/start: the job is queued with this plan and runs in the background. */
export const startImport = ({ id, plan }: ImportPlanCall) =>
  callEndpoint(importsApi.start, { params: { id }, body: plan });

export function useStartImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startImport,
    onSuccess: (summary) => importChanged(queryClient, summary),
  });
}
