import { Schema, type Connection, type InferSchemaType, type Types } from 'mongoose';
import { AUDIT_ACTIONS, AUDIT_TARGET_KINDS } from '@crm/shared';

/*
 * The audit log (issue 32): one document per recorded action, inserted and never changed.
 * Entries lapse at `expiresAt` (written with the entry: AUDIT_RETENTION_DAYS after it), removed
 * by MongoDB's TTL index or, on FerretDB 1.x, by the sweeper (db/sweep-expired.ts), which reads
 * the same index declaration.
 */

const auditEntrySchema = new Schema(
  {
    at: { type: Date, required: true },
    action: { type: String, enum: AUDIT_ACTIONS, required: true },
    /** Who acted (hex id); null when nobody was signed in (a failed sign-in, a link). */
    actorId: { type: String, default: null },
    /** Their name and email then; for a failed sign-in, the address tried. */
    actorName: { type: String, default: '' },
    actorEmail: { type: String, default: '' },
    target: {
      type: new Schema(
        {
          kind: { type: String, enum: AUDIT_TARGET_KINDS, required: true },
          id: { type: String, required: true },
          label: { type: String, default: '' },
        },
        { _id: false },
      ),
      default: null,
    },
    details: { type: Schema.Types.Mixed, default: {} },
    /** Requests this action deleted: what the mass-deletion alert sums (alerts.ts). */
    deleted: { type: Number, default: 0 },
    ip: { type: String, default: '' },
    browser: { type: String, default: '' },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);

// The log's pages, newest first: all of it, by who, by what (audit.service.ts).
auditEntrySchema.index({ at: -1, _id: -1 });
auditEntrySchema.index({ actorId: 1, at: -1, _id: -1 });
auditEntrySchema.index({ action: 1, at: -1, _id: -1 });
auditEntrySchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

/**
 * Append-only below the product too: any update through the model fails, and so does any
 * delete but the expiry's (a filter on `expiresAt` alone, as sweep-expired.ts sends it).
 */
const refuse = () => {
  throw new Error('The audit log is append-only');
};
auditEntrySchema.pre(
  ['updateOne', 'updateMany', 'findOneAndUpdate', 'replaceOne', 'findOneAndReplace'],
  refuse,
);
auditEntrySchema.pre(['findOneAndDelete', 'deleteOne'], { query: true, document: true }, refuse);
auditEntrySchema.pre('deleteMany', function onlyExpiry() {
  const filter = this.getFilter();
  const keys = Object.keys(filter);
  if (keys.length !== 1 || keys[0] !== 'expiresAt') refuse();
});

export type AuditEntryDoc = InferSchemaType<typeof auditEntrySchema> & { _id: Types.ObjectId };

const auditEntryModel = (connection: Connection) =>
  connection.model('AuditEntry', auditEntrySchema, 'auditentries');

/** The audit feature's models, registered on the app's connection by app-context.ts. */
export const auditModels = (connection: Connection) => ({
  AuditEntry: auditEntryModel(connection),
});

declare module '../context.js' {
  interface Models {
    AuditEntry: ReturnType<typeof auditEntryModel>;
  }
}
