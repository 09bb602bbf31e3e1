import {
  API_MESSAGES,
  DEFAULT_LOST_REASONS,
  DEFAULT_STALE_DAYS,
  DEFAULT_WIN_PROBABILITY,
  REQUEST_STATUSES,
  SETTINGS_LABELS,
  lostReasonsSchema,
  staleDaysSchema,
  winProbabilitySchema,
  type Settings,
  type StaleDays,
  type UpdateSettingsBody,
  type WinProbability,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { conflict } from '../http/app-error.js';
import { SETTINGS_ID } from './settings.model.js';

type StoredSettings = {
  staleDays?: Record<string, unknown>;
  lostReasons?: unknown;
  winProbability?: unknown;
  version?: number;
};

/**
 * The limits as stored, stage by stage: a stage the document lacks (one added after it was
 * saved) or holds a value today's rules refuse gets its default, so a read always answers.
 */
function staleDaysOf(stored: Record<string, unknown> = {}): StaleDays {
  const staleDays = { ...DEFAULT_STALE_DAYS };
  for (const status of REQUEST_STATUSES) {
    const limit = staleDaysSchema.shape[status].safeParse(stored[status]);
    if (status in stored && limit.success) staleDays[status] = limit.data;
  }
  return staleDays;
}

/** The reasons as stored; the defaults when never saved (a document from before issue 21). */
function lostReasonsOf(stored: unknown): string[] {
  const reasons = lostReasonsSchema.safeParse(stored);
  return reasons.success ? reasons.data : [...DEFAULT_LOST_REASONS];
}

/** The probabilities as stored, stage by stage, as staleDaysOf reads the limits. */
function winProbabilityOf(stored: unknown): WinProbability {
  const probability = { ...DEFAULT_WIN_PROBABILITY };
  if (typeof stored !== 'object' || stored === null) return probability;
  for (const status of Object.keys(probability) as (keyof WinProbability)[]) {
    const value = winProbabilitySchema.shape[status].safeParse(
      (stored as Record<string, unknown>)[status],
    );
    if (value.success) probability[status] = value.data;
  }
  return probability;
}

const toSettings = (ctx: AppContext, stored: StoredSettings | null): Settings => ({
  staleDays: staleDaysOf(stored?.staleDays),
  lostReasons: lostReasonsOf(stored?.lostReasons),
  winProbability: winProbabilityOf(stored?.winProbability),
  currency: ctx.config.currency,
  version: stored?.version ?? 0,
});

/** GET /api/settings: as stored, else the defaults at version 0; the currency is APP_CURRENCY. */
export async function getSettings(ctx: AppContext): Promise<Settings> {
  const stored = await ctx.models.Settings.findById(SETTINGS_ID).lean<StoredSettings>();
  return toSettings(ctx, stored);
}

/** The lost reasons a closing may give now (outcome.ts): as getSettings reads them. */
export async function lostReasons(ctx: AppContext): Promise<string[]> {
  const stored = await ctx.models.Settings.findById(SETTINGS_ID, 'lostReasons').lean<
    Pick<StoredSettings, 'lostReasons'>
  >();
  return lostReasonsOf(stored?.lostReasons);
}

/**
 * PUT /api/settings (system admin: the contract's access). Compare-and-set on `version`: the
 * write applies only to the version the admin read; version 0 creates the document (the
 * defaults were read), and a second creator meets the unique _id. Otherwise 409 with the
 * settings stored now, so the screen can show them beside what was typed. The reasons are
 * stored as the schema trimmed them; requests closed with a reason removed since keep its text.
 */
export async function updateSettings(
  ctx: AppContext,
  { staleDays, lostReasons: reasons, winProbability, version }: UpdateSettingsBody,
): Promise<Settings> {
  const { Settings } = ctx.models;
  try {
    const saved = await Settings.findOneAndUpdate(
      { _id: SETTINGS_ID, version },
      { $set: { staleDays, lostReasons: reasons, winProbability }, $inc: { version: 1 } },
      { new: true, upsert: version === 0 },
    ).lean<StoredSettings>();
    if (saved) {
      ctx.audit.record({
        action: 'settings.changed',
        target: { kind: 'settings', id: SETTINGS_ID, label: SETTINGS_LABELS.title },
        details: { version: saved.version ?? version + 1 },
      });
      return toSettings(ctx, saved);
    }
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  throw conflict(API_MESSAGES.settingsConflict, { settings: await getSettings(ctx) });
}
