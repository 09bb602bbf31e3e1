import type { CrmEvent, EventsPage } from '@crm/shared';
import type { AppContext } from '../context.js';
import type { EventDoc } from './event.model.js';

/**
 * How long a missing position may stay missing before readers go past it. Positions are handed
 * out before their events are stored, so for a moment a later event can be in the log before an
 * earlier one; a reader that went past it would never see it. A position still missing after
 * this was skipped (its event was already in the log) or its publisher died; an event stored
 * that late takes a new position (append.ts).
 */
export const SETTLE_MS = 3000;

type Ctx = Pick<AppContext, 'models'>;
/** `filler`: a position whose event was already in the log (append.ts), stepped over. */
type StoredEvent = EventDoc & { _id: string; filler?: true };

export const toEventJson = (doc: StoredEvent): CrmEvent => ({
  id: doc._id,
  position: doc.position,
  type: doc.type,
  occurredAt: doc.occurredAt.toISOString(),
  actor: doc.actor ? { id: doc.actor.id ?? '', name: doc.actor.name ?? '' } : null,
  requestId: doc.requestId.toHexString(),
  data: doc.data as CrmEvent['data'],
});

/** The newest position in the log, 0 when empty: where a reader that wants only news starts. */
export async function newestPosition(ctx: Ctx): Promise<number> {
  const newest = await ctx.models.Event.findOne({}, { position: 1 })
    .sort({ position: -1 })
    .lean<{ position: number }>();
  return newest?.position ?? 0;
}

/**
 * The events after `after`, oldest first, at most `limit`, up to the first position that is
 * still missing and recent (SETTLE_MS): `last` is then a cursor that misses nothing. One range of
 * the position index. `gap`: events after `after` are no longer kept (older than the retention),
 * so a reader resuming there must reload what it shows.
 */
export async function eventsAfter(
  ctx: Ctx,
  after: number,
  limit: number,
  now = Date.now(),
): Promise<EventsPage> {
  const docs = await ctx.models.Event.find({ position: { $gt: after } })
    .sort({ position: 1 })
    .limit(limit)
    .lean<StoredEvent[]>();
  const events: CrmEvent[] = [];
  let last = after;
  for (const doc of docs) {
    const settled = doc.position === last + 1 || now - doc.storedAt.getTime() >= SETTLE_MS;
    if (!settled) break;
    if (!doc.filler) events.push(toEventJson(doc));
    last = doc.position;
  }
  const first = docs[0];
  const missing =
    first === undefined ? await handedOutAfter(ctx, after) : first.position > after + 1;
  const gap = after > 0 && missing && (await prunedUpTo(ctx, after));
  return { events, last, gap };
}

/** Whether positions past `after` were handed out (an empty answer with events pruned). */
async function handedOutAfter(ctx: Ctx, after: number): Promise<boolean> {
  const counter = await ctx.models.EventCounter.findById('events').lean<{ position: number }>();
  return (counter?.position ?? 0) > after;
}

/** Whether no event up to `after` is kept: the retention pruned what came next too. */
async function prunedUpTo(ctx: Ctx, after: number): Promise<boolean> {
  return (await ctx.models.Event.exists({ position: { $lte: after } })) === null;
}
