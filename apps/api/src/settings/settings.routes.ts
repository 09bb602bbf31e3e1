import type { Router } from 'express';
import { api } from '@crm/shared';
import type { AppContext } from '../context.js';
import { implement } from '../http/endpoint.js';
import { getSettings, updateSettings } from './settings.service.js';

/** Every signed-in role reads the settings (the board needs them); an admin changes them. */
export function settingsRoutes(ctx: AppContext): Router {
  return implement(ctx, api.settings, {
    get: () => getSettings(ctx),
    update: ({ body }) => updateSettings(ctx, body),
  });
}
