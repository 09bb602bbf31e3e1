import type { Router } from 'express';
import { api, twoFactorPolicyApi } from '@crm/shared';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { getSettings, updateSettings } from './settings.service.js';
import { getTwoFactorPolicy, updateTwoFactorPolicy } from './two-factor-policy.js';

/** Every signed-in role reads the settings (the board needs them); an admin changes them. */
export function settingsRoutes(ctx: AppContext): Router {
  const router = implement(ctx, api.settings, {
    get: () => getSettings(ctx),
    update: ({ body }) => updateSettings(ctx, body),
  });
  // Issue 32: "Exigir verificación en dos pasos", a system admin's alone.
  router.use(
    implement(ctx, twoFactorPolicyApi, {
      get: () => getTwoFactorPolicy(ctx),
      update: ({ body }) => updateTwoFactorPolicy(ctx, body),
    }),
  );
  return router;
}
