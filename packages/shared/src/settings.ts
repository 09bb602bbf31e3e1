import { z } from 'zod';
import { REQUEST_STATUSES, type RequestStatus } from './constants.js';
import { requiredText, safeIntegerSchema } from './fields.js';
import { FIELD_MESSAGES } from './messages.js';
import { LOST_REASON_MAX_LENGTH } from './outcome.js';

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

/** The stages an open request can be in, each with its chance of being won (issue 21). */
export const OPEN_STATUSES = ['new request', 'contacted', 'quote sent', 'follow up'] as const;
export type OpenStatus = (typeof OPEN_STATUSES)[number];

/** Percent per open stage; closed-won counts 100, closed-lost 0. */
export const DEFAULT_WIN_PROBABILITY: Record<OpenStatus, number> = {
  'new request': 10,
  contacted: 20,
  'quote sent': 40,
  'follow up': 60,
};

const probabilitySchema = z
  .number({ error: FIELD_MESSAGES.probabilityInvalid })
  .int(FIELD_MESSAGES.probabilityInvalid)
  .min(0, FIELD_MESSAGES.probabilityInvalid)
  .max(100, FIELD_MESSAGES.probabilityInvalid);

export const winProbabilitySchema = z.strictObject(
  Object.fromEntries(OPEN_STATUSES.map((status) => [status, probabilitySchema])) as Record<
    OpenStatus,
    typeof probabilitySchema
  >,
);
export type WinProbability = z.infer<typeof winProbabilitySchema>;

export const DEFAULT_LOST_REASONS = [
  'Precio',
  'Sin respuesta',
  'Eligió a la competencia',
  'Fecha no disponible',
  'Otro',
] as const;

/**
 * 1 to 30 distinct reasons (compared trimmed and case-insensitively), each one line of 1 to 60
 * characters, stored trimmed. The OpenAPI document states what it can of this: one-line text
 * (requiredText's pattern) and `uniqueItems` (exact repeats; the case-insensitive check is the
 * API's own).
 */
export const lostReasonsSchema = z
  .array(requiredText(FIELD_MESSAGES.lostReasonsInvalid, LOST_REASON_MAX_LENGTH), {
    error: FIELD_MESSAGES.lostReasonsInvalid,
  })
  .min(1, FIELD_MESSAGES.lostReasonsInvalid)
  .max(30, FIELD_MESSAGES.lostReasonsInvalid)
  .refine(
    (reasons) => new Set(reasons.map((reason) => reason.toLowerCase())).size === reasons.length,
    FIELD_MESSAGES.lostReasonsInvalid,
  )
  .meta({ uniqueItems: true });

/** GET /api/settings */
export const settingsSchema = z.object({
  staleDays: staleDaysSchema,
  /** Issue 21: the reasons a lost request may give, and each open stage's win probability. */
  lostReasons: z.array(z.string()),
  winProbability: winProbabilitySchema,
  /** The installation's currency (APP_CURRENCY, ISO 4217, default CLP): read-only here. */
  currency: z.string(),
  /** Bumped by every change; sent back with one (409 when stale). */
  version: safeIntegerSchema.nonnegative(),
});
export type Settings = z.infer<typeof settingsSchema>;

/** PUT /api/settings (system admin): the whole settings, and the version they were read at. */
export const updateSettingsBodySchema = z.object({
  staleDays: staleDaysSchema,
  lostReasons: lostReasonsSchema,
  winProbability: winProbabilitySchema,
  version: safeIntegerSchema.nonnegative(),
});
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

/**
 * The open pipeline under the board's filters (issue 21): the open columns' expected values
 * summed, and weighted by each stage's win probability.
 */
export function pipelineOf(
  totals: Partial<Record<RequestStatus, number>>,
  winProbability: WinProbability,
): { total: number; forecast: number } {
  let total = 0;
  let forecast = 0;
  for (const status of OPEN_STATUSES) {
    const value = totals[status] ?? 0;
    total += value;
    forecast += (value * winProbability[status]) / 100;
  }
  return { total, forecast: Math.round(forecast) };
}
