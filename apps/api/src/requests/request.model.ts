import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import {
  EVENT_FIELD_PLACEHOLDERS,
  PRIORITIES,
  REQUEST_STATUSES,
  REQUEST_TYPES,
  SOURCES_OF_CONTACT,
} from '@crm/shared';

const requestSchema = new Schema(
  {
    /** Absent (not null) when unknown, so the sparse unique index allows many such requests. */
    requestNumber: { type: Number },
    name: { type: String, required: true },
    email: { type: String, required: true },
    jobPosition: { type: String, default: '' },
    company: { type: String, default: '' },
    contactNumber: { type: String, default: '' },
    message: { type: String, default: '' },
    requestType: { type: String, enum: REQUEST_TYPES, required: true },
    status: { type: String, enum: REQUEST_STATUSES, default: 'new request' },
    priority: { type: String, enum: PRIORITIES, default: 'mid' },
    /** The assigned user: the one source of truth for a user's `events`. */
    vendor: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    sourceOfContact: { type: String, enum: SOURCES_OF_CONTACT, default: 'vendor' },
    notes: { type: [String], default: [] },
    createdAt: { type: Date, default: () => new Date() },
    eventDate: { type: Date, default: EVENT_FIELD_PLACEHOLDERS.eventDate },
    paymentMethod: { type: String, default: EVENT_FIELD_PLACEHOLDERS.paymentMethod },
    eventsQuantity: { type: Number, default: EVENT_FIELD_PLACEHOLDERS.eventsQuantity },
    pax: { type: Number, default: EVENT_FIELD_PLACEHOLDERS.pax },
    bussinesItem: { type: String, default: EVENT_FIELD_PLACEHOLDERS.bussinesItem },
    amoutPaid: { type: Number, default: EVENT_FIELD_PLACEHOLDERS.amoutPaid },
    /** true/false once set in the modal's checkbox, "pending" until then. */
    emailSentToCloseEvents: {
      type: Schema.Types.Mixed,
      default: EVENT_FIELD_PLACEHOLDERS.emailSentToCloseEvents,
    },
    /** Optimistic concurrency: every update must name the version it read. */
    version: { type: Number, default: 0 },
  },
  { versionKey: false },
);
requestSchema.index({ vendor: 1 });
requestSchema.index({ requestNumber: 1 }, { unique: true, sparse: true });

export type RequestDoc = InferSchemaType<typeof requestSchema> & { _id: Types.ObjectId };
export const requestModel = (connection: Connection) => connection.model('Request', requestSchema);

/** Named sequences (requestNumber), advanced atomically with $inc. */
const counterSchema = new Schema(
  { _id: String, seq: { type: Number, default: 0 } },
  { versionKey: false },
);
export const counterModel = (connection: Connection) => connection.model('Counter', counterSchema);
