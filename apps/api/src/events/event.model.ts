import { Schema, type Connection, type InferSchemaType } from 'mongoose';
import { EVENT_TYPES } from '@crm/shared';
import { expiringSchema } from '../db/expiring-schema.js';

/**
 * One event of the log (issue 36), as stored: `_id` is the event's id (unique: published twice,
 * by two processes or after a crash, it is stored once), `position` its place in the log
 * (unique, rising). Kept until `expiresAt` (EVENTS_RETENTION_DAYS after it happened).
 */
const eventSchema = expiringSchema({
  position: { type: Number, required: true },
  type: { type: String, enum: EVENT_TYPES, required: true },
  occurredAt: { type: Date, required: true },
  actor: {
    type: new Schema({ id: String, name: String }, { _id: false }),
    default: null,
  },
  requestId: { type: Schema.Types.ObjectId, required: true },
  data: { type: Schema.Types.Mixed, required: true },
  /** When it reached the log (the publishing process's clock): how a reader tells a gap's age. */
  storedAt: { type: Date, required: true },
});
eventSchema.index({ position: 1 }, { unique: true });

/** The last position handed out: one counter, raised with $inc by each publication. */
const eventCounterSchema = new Schema(
  { _id: String, position: { type: Number, required: true } },
  { versionKey: false },
);

export type EventDoc = InferSchemaType<typeof eventSchema>;

export const eventsModels = (connection: Connection) => ({
  Event: connection.model('Event', eventSchema),
  EventCounter: connection.model('EventCounter', eventCounterSchema, 'event_counters'),
});

declare module '../context.js' {
  interface Models {
    Event: ReturnType<typeof eventsModels>['Event'];
    EventCounter: ReturnType<typeof eventsModels>['EventCounter'];
  }
}
