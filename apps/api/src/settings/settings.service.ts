import {
  API_MESSAGES,
  DEFAULT_STALE_DAYS,
  REQUEST_STATUSES,
  staleDaysSchema,
  type Settings,
  type StaleDays,
  type UpdateSettingsBody,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { conflict } from '../http/app-error.js';
import { SETTINGS_ID } from './settings.model.js';

type StoredSettings = { staleDays?: Record<string, unknown>; version?: number };

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

/** GET /api/settings: as stored, else the defaults at version 0. */
export async function getSettings(ctx: AppContext): Promise<Settings> {
  const stored = await ctx.models.Settings.findById(SETTINGS_ID).lean<StoredSettings>();
  return { staleDays: staleDaysOf(stored?.staleDays), version: stored?.version ?? 0 };
}

/**
 * PUT /api/settings (system admin: the contract's access). Compare-and-set on `version`: the
 * write applies only to the version the admin read; version 0 creates the document (the
 * defaults were read), and a second creator meets the unique _id. Otherwise 409 with the
 * settings stored now, so the screen can show them beside what was typed.
 */
export async function updateSettings(
  ctx: AppContext,
  { staleDays, version }: UpdateSettingsBody,
): Promise<Settings> {
  const { Settings } = ctx.models;
  try {
    const saved = await Settings.findOneAndUpdate(
      { _id: SETTINGS_ID, version },
      { $set: { staleDays }, $inc: { version: 1 } },
      { new: true, upsert: version === 0 },
    ).lean<StoredSettings>();
    if (saved) return { staleDays: staleDaysOf(saved.staleDays), version: saved.version ?? 0 };
  } catch (error) {
    if (!isDuplicateKeyError(error)) throw error;
  }
  throw conflict(API_MESSAGES.settingsConflict, { settings: await getSettings(ctx) });
}
