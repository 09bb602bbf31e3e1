import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import { emailTemplateModel } from './template.model.js';

/*
 * The mails of a request (issue 35): those a person wrote from it, and the customer's that
 * joined it from the sales mailbox. A sent mail's state lives in the outbox (mail/), under
 * outboxKeyOf(its _id): this record keeps what it said, for the thread, as the outbox forgets
 * it once sent. A received mail is recorded under its inbox message's key (`inboxKey`, unique), so
 * matching it twice (two processes, a run cut short) records it once.
 */

const addressSchema = new Schema(
  { address: { type: String, required: true }, name: { type: String, default: '' } },
  { _id: false },
);

/** A file the mail carried, in the request's "Archivos" (files/); `fileId` null: not kept. */
const attachmentSchema = new Schema(
  {
    fileId: { type: Schema.Types.ObjectId, default: null },
    name: { type: String, required: true },
    size: { type: Number, required: true },
  },
  { _id: false },
);

const requestEmailSchema = new Schema(
  {
    requestId: { type: Schema.Types.ObjectId, required: true },
    direction: { type: String, enum: ['out', 'in'], required: true },
    /** The RFC 5322 Message-ID: the product's own on a sent mail, the sender's on a received one. */
    messageId: { type: String, required: true },
    from: { type: addressSchema, required: true },
    to: { type: [String], default: [] },
    cc: { type: [String], default: [] },
    subject: { type: String, default: '' },
    text: { type: String, default: '' },
    /** A received mail's HTML as sent (shown only sanitised); never on a sent one. */
    html: { type: String, default: undefined },
    at: { type: Date, required: true },
    /** Who wrote it (a sent mail); null on a received one. */
    by: { type: Schema.Types.ObjectId, default: null },
    /** The mail of the thread it answers. */
    inReplyTo: { type: Schema.Types.ObjectId, default: null },
    /** A sent mail the customer's server sent back (a bounce naming its Message-ID). */
    bouncedAt: { type: Date, default: null },
    /** A received mail's inbox message (inbox/): recorded once per message. */
    inboxKey: { type: String, default: undefined },
    /** A received mail not yet seen in the thread. */
    unread: { type: Boolean, default: false },
    attachments: { type: [attachmentSchema], default: undefined },
  },
  { versionKey: false },
);
// The thread, newest first, in pages (the cursor continues the range).
requestEmailSchema.index({ requestId: 1, at: -1, _id: -1 });
// An answer finds the mail it answers by the Message-IDs it names.
requestEmailSchema.index({ messageId: 1 });
requestEmailSchema.index({ inboxKey: 1 }, { unique: true, sparse: true });

/** A sent mail's key in the outbox (mail/): named by the mail's own id. */
export const outboxKeyOf = (id: Types.ObjectId): string => `request:${id.toHexString()}`;

export type RequestEmailDoc = InferSchemaType<typeof requestEmailSchema> & {
  _id: Types.ObjectId;
};

const requestEmailModel = (connection: Connection) =>
  connection.model('RequestEmail', requestEmailSchema, 'request_emails');

/** The emails feature's models, registered on the app's connection by app-context.ts. */
export const emailsModels = (connection: Connection) => ({
  RequestEmail: requestEmailModel(connection),
  EmailTemplate: emailTemplateModel(connection),
});

declare module '../context.js' {
  interface Models {
    RequestEmail: ReturnType<typeof requestEmailModel>;
  }
}
