import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeyOf, queryKeyOfGroup, tokensApi, type CreateApiTokenBody } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

// API tokens (issue 36): the caller's own (Perfil) and everyone's (a system admin, Ajustes).

/** GET /api/me/tokens: the caller's tokens, newest first, never their secrets. */
export const useMyApiTokens = () =>
  useQuery({
    queryKey: queryKeyOf(tokensApi.mine),
    queryFn: ({ signal }) => callEndpoint(tokensApi.mine, {}, { signal }),
  });

/** GET /api/tokens (system admin): everyone's tokens, newest first. */
export const useAllApiTokens = () =>
  useQuery({
    queryKey: queryKeyOf(tokensApi.all),
    queryFn: ({ signal }) => callEndpoint(tokensApi.all, {}, { signal }),
  });

/** After a change both lists are read again (an admin's own tokens are in both). */
function useTokensMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeyOfGroup('tokens') }),
  });
}

/** POST /api/me/tokens: the new token, its secret in `token` this once. */
export const useCreateApiToken = () =>
  useTokensMutation((body: CreateApiTokenBody) => callEndpoint(tokensApi.create, { body }));

/**
 * DELETE /api/me/tokens/{tokenId} (`any`: false) or, a system admin's, /api/tokens/{tokenId}:
 * whatever uses it stops working at once.
 */
export const useRevokeApiToken = (any = false) =>
  useTokensMutation((tokenId: string) =>
    callEndpoint(any ? tokensApi.revokeAny : tokensApi.revoke, { params: { tokenId } }),
  );
