import { z } from 'zod';
import { REQUEST_STATUSES, type RequestStatus } from './constants.js';
import { safeIntegerSchema } from './fields.js';
import { FIELD_MESSAGES } from './messages.js';

/*
 * The product's settings an admin changes on /main/settings "Ajustes" (issue 20): for now, how
 * many days a request may sit in each stage before its card shows "Estancada N días". One
 * document, read by every signed-in role (the board needs it), changed only by a system admin.
 */

/** The most days a limit may be: a year. */
export const MAX_STALE_DAYS = 365;

/** Days per stage (NUEVA SOLICITUD 2, CONTACTADO 5, COTIZACIÓN ENVIADA 7, EN ESPERA 14); null: never (CERRADO). */
export const DEFAULT_STALE_DAYS: Record<RequestStatus, number | null> = {
  'new request': 2,
  contacted: 5,
  'quote sent': 7,
  'follow up': 14,
  closed: null,
};

const staleLimitSchema = z
  .number({ error: FIELD_MESSAGES.staleDaysInvalid(MAX_STALE_DAYS) })
  .int(FIELD_MESSAGES.staleDaysInvalid(MAX_STALE_DAYS))
  .min(1, FIELD_MESSAGES.staleDaysInvalid(MAX_STALE_DAYS))
  .max(MAX_STALE_DAYS, FIELD_MESSAGES.staleDaysInvalid(MAX_STALE_DAYS))
  .nullable();

/** One limit per stage, every stage named. */
export const staleDaysSchema = z.strictObject(
  Object.fromEntries(REQUEST_STATUSES.map((status) => [status, staleLimitSchema])) as Record<
    RequestStatus,
    typeof staleLimitSchema
  >,
);
export type StaleDays = z.infer<typeof staleDaysSchema>;

/** GET /api/settings */
export const settingsSchema = z.object({
  staleDays: staleDaysSchema,
  /** Bumped by every change; sent back with one (409 when stale). */
  version: safeIntegerSchema.nonnegative(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** PUT /api/settings (system admin): the whole settings, and the version they were read at. */
export const updateSettingsBodySchema = settingsSchema;
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The whole days a request has sat in its stage when that is longer than the stage's limit,
 * else null (not stale, or its stage is never stale).
 */
export function staleDaysOf(
  request: { status: RequestStatus; stageChangedAt: string },
  staleDays: StaleDays,
  now: Date,
): number | null {
  const limit = staleDays[request.status];
  if (limit === null) return null;
  const elapsed = now.getTime() - Date.parse(request.stageChangedAt);
  return elapsed > limit * DAY_MS ? Math.floor(elapsed / DAY_MS) : null;
}
