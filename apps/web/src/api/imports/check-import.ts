import { useMutation } from '@tanstack/react-query';
import { importsApi, type ImportPlan } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

export type ImportPlanCall = { id: string; plan: ImportPlan };

/** POST /api/imports/:id/check: what the plan would do with every row; nothing is imported. */
export const checkImport = ({ id, plan }: ImportPlanCall) =>
  callEndpoint(importsApi.check, { params: { id }, body: plan });

export const useCheckImport = () => useMutation({ mutationFn: checkImport });
