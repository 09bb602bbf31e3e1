import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WEBHOOK_LABELS,
  queryKeyOf,
  webhooksApi,
  type CreateWebhookBody,
  type UpdateWebhookBody,
} from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/*
 * Webhooks (issue 36), Ajustes' "Integraciones" (system admin): their endpoints are declared
 * apart from `api` (contract/webhooks-endpoints.ts), so only Ajustes' chunk carries them.
 */

/** Every cached answer of the group: the list and each endpoint's log. */
const WEBHOOKS_KEY = ['webhooks'] as const;

/** GET /api/webhooks: the endpoints, never their secrets. */
export const useWebhooks = () =>
  useQuery({
    queryKey: queryKeyOf(webhooksApi.list),
    queryFn: ({ signal }) =>
      callEndpoint(webhooksApi.list, {}, { signal, failureMessage: WEBHOOK_LABELS.loadFailed }),
  });

/** GET /api/webhooks/{webhookId}/deliveries: its newest deliveries, while `enabled` (shown). */
export const useWebhookDeliveries = (webhookId: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeyOf(webhooksApi.deliveries, { params: { webhookId } }),
    queryFn: ({ signal }) =>
      callEndpoint(
        webhooksApi.deliveries,
        { params: { webhookId } },
        { signal, failureMessage: WEBHOOK_LABELS.logLoadFailed },
      ),
    enabled,
  });

/** After any change the list and the logs are read again (a test or a resend adds to a log). */
function useWebhooksMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }),
  });
}

/** POST /api/webhooks: the new endpoint, its secret in `secret` this once. */
export const useCreateWebhook = () =>
  useWebhooksMutation((body: CreateWebhookBody) => callEndpoint(webhooksApi.create, { body }));

/** PATCH /api/webhooks/{webhookId}: on or off, another address or other event types. */
export const useUpdateWebhook = () =>
  useWebhooksMutation(({ webhookId, body }: { webhookId: string; body: UpdateWebhookBody }) =>
    callEndpoint(webhooksApi.update, { params: { webhookId }, body }),
  );

/** DELETE /api/webhooks/{webhookId}, with its log. */
export const useRemoveWebhook = () =>
  useWebhooksMutation((webhookId: string) =>
    callEndpoint(webhooksApi.remove, { params: { webhookId } }),
  );

/** POST /api/webhooks/{webhookId}/secret: a new secret, shown this once. */
export const useRotateWebhookSecret = () =>
  useWebhooksMutation((webhookId: string) =>
    callEndpoint(webhooksApi.rotateSecret, { params: { webhookId } }),
  );

/** POST /api/webhooks/{webhookId}/test, "Enviar prueba": the try's outcome. */
export const useTestWebhook = () =>
  useWebhooksMutation((webhookId: string) =>
    callEndpoint(webhooksApi.test, { params: { webhookId } }),
  );

/** POST …/deliveries/{deliveryId}/redeliver, "Reenviar": this try's outcome. */
export const useRedeliver = () =>
  useWebhooksMutation((params: { webhookId: string; deliveryId: string }) =>
    callEndpoint(webhooksApi.redeliver, { params }),
  );
