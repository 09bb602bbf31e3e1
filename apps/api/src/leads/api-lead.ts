import type { ApiLeadBody, PublicLeadResponse } from '@crm/shared';
import type { AuthUser } from '../auth/index.js';
import type { AppContext } from '../context.js';
import { reserveApiCallerSlot } from './lead-rate-limit.js';
import { RECEIVED, takeLead } from './leads.service.js';

/**
 * POST /api/leads (issue 36): a lead from another site or tool, signed by an API token (`leads`,
 * or `write`) instead of the form's captcha, then taken as the form's are (duplicates, emails).
 * The caller's own brake replaces the form's per-address and shared ones. Its source is "api",
 * and the request's history names the token's owner and source name.
 */
export async function submitApiLead(
  ctx: AppContext,
  body: ApiLeadBody,
  caller: AuthUser,
): Promise<PublicLeadResponse> {
  await reserveApiCallerSlot(ctx, caller.jti);
  await takeLead(ctx, body, {
    via: 'api',
    ownerId: caller.userId,
    sourceName: caller.apiToken?.sourceName ?? null,
  });
  return RECEIVED;
}
