import { Schema, type Connection, type InferSchemaType } from 'mongoose';

/*
 * What the product has read of the shared sales mailbox (issue 35). Each message is kept once,
 * under a key made of its Message-ID (`_id`): of two reads of the same message (two API
 * processes, a read cut short and done again, the folder renumbered), one insert wins on every
 * server, FerretDB 1.x included. A message waits with `handledAt` unset until the request it
 * belongs to, or the lead it becomes, is found (the next step of issue 35).
 */

const addressSchema = new Schema(
  { address: { type: String, required: true }, name: { type: String, default: '' } },
  { _id: false },
);

const attachmentInfoSchema = new Schema(
  {
    /** Its bytes in the request's files (files/); null when not kept (over 15 MB, automatic). */
    fileId: { type: String, default: null },
    fileName: { type: String, default: '' },
    contentType: { type: String, default: '' },
    size: { type: Number, default: 0 },
  },
  { _id: false },
);

const inboxMessageSchema = new Schema(
  {
    /** sha256 of the Message-ID (a Message-ID may be as long as a sender makes it). */
    _id: { type: String },
    messageId: { type: String, required: true },
    /** Where it was read: the mailbox's host:port/folder, and its UID there. */
    mailbox: { type: String, required: true },
    uid: { type: Number, required: true },
    size: { type: Number, required: true },
    /** Larger than IMAP's limit (InboxConfig.maxMessageBytes): never downloaded, only named. */
    skipped: { type: String, enum: ['too-large'], default: undefined },
    inReplyTo: { type: String, default: undefined },
    references: { type: [String], default: [] },
    from: { type: addressSchema, default: undefined },
    to: { type: [addressSchema], default: [] },
    cc: { type: [addressSchema], default: [] },
    subject: { type: String, default: '' },
    text: { type: String, default: '' },
    html: { type: String, default: undefined },
    sentAt: { type: Date, default: undefined },
    attachments: { type: [attachmentInfoSchema], default: [] },
    automatic: { type: String, enum: ['auto-reply', 'bounce'], default: undefined },
    bouncedMessageId: { type: String, default: undefined },
    readAt: { type: Date, required: true },
    /** Set once the message is matched to its request or has become a lead. */
    handledAt: { type: Date, default: null },
  },
  { versionKey: false },
);
// The matching step's read: what waits, oldest first.
inboxMessageSchema.index({ handledAt: 1, readAt: 1 });

/** How far a mailbox has been read (mailbox.ts's checkpoint), one document per mailbox. */
const inboxCheckpointSchema = new Schema(
  {
    /** The mailbox's host:port/folder: pointing IMAP_URL elsewhere starts that one afresh. */
    _id: { type: String },
    uidValidity: { type: String, required: true },
    lastUid: { type: Number, required: true },
    at: { type: Date, required: true },
  },
  { versionKey: false },
);

export type InboxMessageDoc = InferSchemaType<typeof inboxMessageSchema> & { _id: string };

/** The inbox's models, registered on the app's connection by app-context.ts. */
export const inboxModels = (connection: Connection) => ({
  InboxMessage: connection.model('InboxMessage', inboxMessageSchema, 'inbox_messages'),
  InboxCheckpoint: connection.model('InboxCheckpoint', inboxCheckpointSchema, 'inbox_checkpoints'),
});

declare module '../context.js' {
  interface Models {
    InboxMessage: ReturnType<typeof inboxModels>['InboxMessage'];
    InboxCheckpoint: ReturnType<typeof inboxModels>['InboxCheckpoint'];
  }
}
