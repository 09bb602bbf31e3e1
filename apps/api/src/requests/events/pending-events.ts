import { Types } from 'mongoose';
import { entriesByEvent, type EventChange, type EventType } from '@crm/shared';
import type { StoredHistoryEntry } from '../history/history.service.js';

/*
 * Issue 36: an event is written into its request in the same single-document update as the
 * change it records (`pendingEvents`), so a process that dies right after the change loses
 * nothing: publish.ts copies it into the log, at once by the process that made the change or
 * later by the sweep, and then takes it off the request. The array's order is the order in which
 * the request's changes were applied, which is the order the log gets them in.
 */

/** An event as its request keeps it until it is in the log. */
export type PendingEvent = {
  /** With the request's id, the event's id in the log (an updateMany pushes one key to many). */
  key: string;
  type: EventType;
  at: Date;
  by: Types.ObjectId | null;
  changes?: EventChange[];
};

/** One change's event, its fields from the history entries written with it (if any). */
export function pendingEvent(
  type: EventType,
  at: Date,
  userId: string | null,
  entries: readonly EventChange[] = [],
): PendingEvent {
  return {
    key: new Types.ObjectId().toHexString(),
    type,
    at,
    by: userId ? new Types.ObjectId(userId) : null,
    ...(entries.length > 0 && {
      changes: entries.map(({ field, from, to }) => ({ field, from, to })),
    }),
  };
}

/** The event's id in the log: unique per request and event, the same however often published. */
export const eventId = (requestId: string, key: string) => `${key}-${requestId}`;

type Update = Record<string, unknown> & { $push?: Record<string, unknown> };

/** `update` with the events appended to the request's pending ones, in the same write. */
export function withEvents<U extends Update>(update: U, events: readonly PendingEvent[]): U {
  if (events.length === 0) return update;
  return { ...update, $push: { ...update.$push, pendingEvents: { $each: events } } };
}

/**
 * The events of one write, from the history entries it records: one per kind of change, each
 * with its own entries as `changes` (entriesByEvent, shared with the web's fake API).
 */
export function eventsOfEntries(
  at: Date,
  userId: string | null,
  entries: readonly StoredHistoryEntry[],
): PendingEvent[] {
  return entriesByEvent(entries).map(([type, own]) => pendingEvent(type, at, userId, own));
}

/** eventsOfEntries for a write whose entries all share their instant and author (the first's). */
export function eventsOf(entries: readonly StoredHistoryEntry[]): PendingEvent[] {
  const [first] = entries;
  if (!first) return [];
  return eventsOfEntries(first.at, first.by ? first.by.toHexString() : null, entries);
}
