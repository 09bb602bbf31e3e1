import { requestsApi } from '@crm/shared';
import { callEndpoint } from '../../lib/api-client';

/**
 * PUT /api/user/assign-vendor (§7): vendorId null unassigns. It has no hook of its own: only
 * "Guardar cambios" calls it, before the update (see update-request.ts).
 */
export function assignVendor(formId: string, vendorId: string | null) {
  return callEndpoint(requestsApi.assignVendor, { body: { formId, vendorId } });
}
