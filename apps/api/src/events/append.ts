import { MongoBulkWriteError } from 'mongodb';
import { Types } from 'mongoose';
import type { CrmEvent } from '@crm/shared';
import type { AppContext } from '../context.js';
import { isDuplicateKeyError } from '../db/errors.js';

/** An event ready for the log: everything but its position, which the log hands out. */
export type NewEvent = Omit<CrmEvent, 'position' | 'occurredAt'> & { occurredAt: Date };

const COUNTER_ID = 'events';
/**
 * An event stored this long after its position was handed out may have been passed over by a
 * reader (gap-tolerant reads skip a gap once it is SETTLE_MS old, read.ts): it moves to a new
 * position, so readers past the old one still see it (by id, a reader drops one it has seen).
 */
const LATE_AFTER_MS = 2000;

type Ctx = Pick<AppContext, 'models' | 'config'>;

/** `count` fresh positions, the first of them answered. */
async function reserve(ctx: Ctx, count: number): Promise<number> {
  const counter = await ctx.models.EventCounter.findOneAndUpdate(
    { _id: COUNTER_ID },
    { $inc: { position: count } },
    { upsert: true, new: true, lean: true },
  );
  if (!counter) throw new Error('the events counter was not written');
  return counter.position - count + 1;
}

const expiry = (ctx: Ctx, storedAt: Date) =>
  new Date(storedAt.getTime() + ctx.config.eventsRetentionDays * 86_400_000);

/** The stored document of an event at a position (through the driver: written as it is). */
const stored = (ctx: Ctx, event: NewEvent, position: number, storedAt: Date) => ({
  _id: event.id,
  position,
  type: event.type,
  occurredAt: event.occurredAt,
  actor: event.actor,
  requestId: new Types.ObjectId(event.requestId),
  data: event.data,
  storedAt,
  expiresAt: expiry(ctx, storedAt),
});

/**
 * Stores the events in their order (each request's oldest first), each once: an id already in
 * the log (published by another process, or before a crash) is skipped. Positions come from one
 * counter, all of a call's at once, and the events go in one ordered insert. Should an insert
 * fail (an event already there, or a position handed out twice: FerretDB 1.x's $inc is not
 * atomic across connections, and the unique index refuses the second), the events from it on go
 * one at a time, each skipped or given a fresh position in turn, so order holds. A position left
 * without its event holds a filler, which readers step over (read.ts).
 */
export async function appendEvents(ctx: Ctx, events: readonly NewEvent[]): Promise<void> {
  if (events.length === 0) return;
  const first = await reserve(ctx, events.length);
  const reservedAt = Date.now();
  const storedAt = new Date();
  let inserted = events.length;
  try {
    await ctx.models.Event.collection.insertMany(
      events.map((event, index) => stored(ctx, event, first + index, storedAt)) as never[],
      { ordered: true },
    );
  } catch (error) {
    if (!(error instanceof MongoBulkWriteError)) {
      await fillGaps(ctx, first, first + events.length);
      throw error;
    }
    inserted = error.result.insertedCount;
  }
  if (Date.now() - reservedAt > LATE_AFTER_MS) {
    for (const event of events.slice(0, inserted)) await moveForward(ctx, event.id);
    await fillGaps(ctx, first, first + inserted);
  }
  if (inserted < events.length) {
    await appendOneByOne(ctx, events.slice(inserted), first + inserted, first + events.length);
  }
}

/** The rest of a call's events, from `position` (reserved up to `end`), one at a time. */
async function appendOneByOne(
  ctx: Ctx,
  events: readonly NewEvent[],
  position: number,
  end: number,
): Promise<void> {
  const { Event } = ctx.models;
  let reservedAt = Date.now();
  try {
    for (const [index, event] of events.entries()) {
      for (;;) {
        const storedAt = new Date();
        try {
          await Event.collection.insertOne(stored(ctx, event, position, storedAt) as never);
          if (Date.now() - reservedAt > LATE_AFTER_MS) {
            await moveForward(ctx, event.id);
            await fillGaps(ctx, position, position + 1);
          }
          position += 1;
          break;
        } catch (error) {
          if (!isDuplicateKeyError(error)) throw error;
          if (await Event.exists({ _id: event.id })) {
            await fillGaps(ctx, position, position + 1);
            position += 1;
            break;
          }
          // The position was taken by another event: fresh ones for this event and the rest.
          await fillGaps(ctx, position + 1, end);
          const remaining = events.length - index;
          position = await reserve(ctx, remaining);
          end = position + remaining;
          reservedAt = Date.now();
        }
      }
    }
  } catch (error) {
    // The positions this call will not use: readers need not wait for them (a crash can't say
    // so, and they wait SETTLE_MS then).
    await fillGaps(ctx, position, end);
    throw error;
  }
}

/**
 * Positions from `from` to before `to` that will hold no event (one found already in the log, or
 * a publication that failed), stored as fillers that readers step over at once: else they would
 * wait SETTLE_MS before going past them (read.ts). Best effort: a filler that can't be written
 * leaves the gap, which readers still step over then.
 */
async function fillGaps(ctx: Ctx, from: number, to: number): Promise<void> {
  if (to <= from) return;
  const storedAt = new Date();
  const expiresAt = expiry(ctx, storedAt);
  const fillers = Array.from({ length: to - from }, (_, index) => ({
    _id: `filler-${from + index}`,
    position: from + index,
    filler: true,
    storedAt,
    expiresAt,
  }));
  await ctx.models.Event.collection
    .insertMany(fillers as never[], { ordered: false })
    .catch(() => undefined);
}

/** A late event to a fresh position (see LATE_AFTER_MS). */
async function moveForward(ctx: Ctx, id: string): Promise<void> {
  for (;;) {
    const position = await reserve(ctx, 1);
    try {
      await ctx.models.Event.updateOne({ _id: id }, { $set: { position, storedAt: new Date() } });
      return;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
  }
}
