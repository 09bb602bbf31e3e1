import { Types } from 'mongoose';
import {
  BOARD_VIEW_MESSAGES,
  BOARD_VIEWS_MAX,
  boardViewNameKey,
  defaultBoardFilters,
  rememberedBoardFiltersSchema,
  boardViewFiltersSchema,
  type BoardView,
  type BoardViewFilters,
  type BoardViewList,
  type RememberedBoardFilters,
  type Role,
} from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';
import { CONFLICT, retryOnConflict } from '../db/retry-on-conflict.js';
import { AppError, fieldError, notFound } from '../http/app-error.js';

/*
 * A user's remembered board filters and saved views (issue 25 item 1). Every function takes the
 * caller's own id from the route: a user never reads or changes another's.
 */

type StoredView = { _id: Types.ObjectId; name: string; filters: unknown; createdAt: Date };
type StoredPrefs = { _id: string; filters?: unknown; views?: StoredView[]; version?: number };

/*
 * Stored filters as the current schema reads them: should a later version drop a value (a stage,
 * a user id format), the board opens unfiltered rather than failing.
 */
const storedViewFilters = boardViewFiltersSchema.catch({});
const storedFilters = rememberedBoardFiltersSchema.catch({});

const toView = (stored: StoredView): BoardView => ({
  _id: String(stored._id),
  name: stored.name,
  filters: storedViewFilters.parse(stored.filters),
  createdAt: stored.createdAt.toISOString(),
});

/** Without the empty ones: `{ priority: "" }` and `{}` are the same board. */
const compact = <T extends object>(filters: T): T =>
  Object.fromEntries(Object.entries(filters).filter(([, value]) => Boolean(value))) as T;

const read = (ctx: AppContext, userId: string) =>
  ctx.models.BoardPrefs.findById(userId).lean<StoredPrefs>();

/** GET /api/me/board-filters: as last stored, else the role's starting board. */
export async function getBoardFilters(
  ctx: AppContext,
  userId: string,
  role: Role,
): Promise<RememberedBoardFilters> {
  const stored = await ctx.models.BoardPrefs.findById(userId, { filters: 1 }).lean<StoredPrefs>();
  if (stored?.filters === undefined || stored.filters === null) return defaultBoardFilters(role);
  return storedFilters.parse(stored.filters);
}

/** PUT /api/me/board-filters: the whole set replaces the stored one (`{}`: the whole board). */
export async function putBoardFilters(
  ctx: AppContext,
  userId: string,
  filters: RememberedBoardFilters,
): Promise<RememberedBoardFilters> {
  const stored = compact(filters);
  await ctx.models.BoardPrefs.updateOne(
    { _id: userId },
    { $set: { filters: stored }, $setOnInsert: { views: [], version: 0 } },
    { upsert: true },
  );
  return stored;
}

/** GET /api/me/board-views */
export async function listBoardViews(ctx: AppContext, userId: string): Promise<BoardViewList> {
  const stored = await read(ctx, userId);
  return { items: (stored?.views ?? []).map(toView) };
}

/** Two tries per change are plenty for one person's own menu; a third clash is a 409. */
const ATTEMPTS = 3;

/**
 * Applies `change` to the caller's views and writes them over the version it read, trying again
 * when another tab of theirs wrote first; `change` throws to refuse (limit, name, not found).
 */
async function changeViews<T>(
  ctx: AppContext,
  userId: string,
  change: (views: StoredView[]) => { views: StoredView[]; result: T },
): Promise<T> {
  return retryOnConflict(
    async () => {
      const stored = await read(ctx, userId);
      const version = stored?.version ?? 0;
      const { views, result } = change(stored?.views ?? []);
      const written = await ctx.models.BoardPrefs.updateOne(
        { _id: userId, version },
        { $set: { views, version: version + 1 } },
        // No document yet: this write creates it (a concurrent creation is a duplicate key).
        { upsert: !stored },
      );
      return written.matchedCount + written.upsertedCount > 0 ? result : CONFLICT;
    },
    {
      attempts: ATTEMPTS,
      isConflict: isDuplicateKeyError,
      exhausted: () => {
        throw new AppError(409, BOARD_VIEW_MESSAGES.changedMeanwhile);
      },
    },
  );
}

function refuseTakenName(views: StoredView[], name: string, except?: string) {
  const key = boardViewNameKey(name);
  if (views.some((view) => String(view._id) !== except && boardViewNameKey(view.name) === key)) {
    throw fieldError('name', BOARD_VIEW_MESSAGES.nameTaken, 409);
  }
}

function indexOf(views: StoredView[], id: string): number {
  const index = views.findIndex((view) => String(view._id) === id);
  if (index < 0) throw notFound(BOARD_VIEW_MESSAGES.notFound);
  return index;
}

/** POST /api/me/board-views */
export function createBoardView(
  ctx: AppContext,
  userId: string,
  body: { name: string; filters: BoardViewFilters },
): Promise<BoardView> {
  return changeViews(ctx, userId, (views) => {
    if (views.length >= BOARD_VIEWS_MAX) throw fieldError('name', BOARD_VIEW_MESSAGES.tooMany, 409);
    refuseTakenName(views, body.name);
    const view: StoredView = {
      _id: new Types.ObjectId(),
      name: body.name,
      filters: compact(body.filters),
      createdAt: ctx.clock.now(),
    };
    return { views: [...views, view], result: toView(view) };
  });
}

/** PATCH /api/me/board-views/:id */
export function updateBoardView(
  ctx: AppContext,
  userId: string,
  id: string,
  body: { name?: string | undefined; filters?: BoardViewFilters | undefined },
): Promise<BoardView> {
  return changeViews(ctx, userId, (views) => {
    const index = indexOf(views, id);
    const current = views[index]!;
    if (body.name !== undefined) refuseTakenName(views, body.name, id);
    const view: StoredView = {
      ...current,
      name: body.name ?? current.name,
      filters: body.filters ? compact(body.filters) : current.filters,
    };
    return { views: views.with(index, view), result: toView(view) };
  });
}

/** DELETE /api/me/board-views/:id */
export function removeBoardView(ctx: AppContext, userId: string, id: string): Promise<BoardView> {
  return changeViews(ctx, userId, (views) => {
    const index = indexOf(views, id);
    return { views: views.filter((_, i) => i !== index), result: toView(views[index]!) };
  });
}
