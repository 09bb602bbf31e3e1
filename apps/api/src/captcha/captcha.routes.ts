import type { Router } from 'express';
import { api, type AltchaChallenge } from '@crm/shared';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { issueChallenge } from './captcha.service.js';

/**
 * The challenge route. `workFactor` says how much harder than usual challenges are right now:
 * the app passes the website form's (leads/, past its busy mark), so the captcha feature knows
 * no other. A challenge never knows what it will be used for, so a busy form also makes the
 * sign-in's challenges harder for that while; the answer is never stored (no-store, endpoint.ts).
 */
export function captchaRoutes(
  ctx: AppContext,
  workFactor: () => Promise<number> = () => Promise.resolve(1),
): Router {
  return implement(ctx, api.captcha, {
    challenge: async () =>
      // altcha-lib's type has no index signature; it is the loose shape the contract declares.
      (await issueChallenge(ctx, await workFactor())) as AltchaChallenge,
  });
}
