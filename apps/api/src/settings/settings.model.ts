import { Schema, type Connection } from 'mongoose';

/**
 * The product settings (issue 20): one document, `_id` SETTINGS_ID, absent until an admin first
 * saves (the defaults apply until then). `staleDays` holds one limit per stage, keyed by the
 * stage ("new request": 2, …, closed: null), checked by the shared schema before every write.
 * The currency is not stored: it is the installation's (APP_CURRENCY).
 */
export const SETTINGS_ID = 'settings';

const settingsSchema = new Schema(
  {
    _id: { type: String, required: true },
    // Keys with spaces, as the stages are named: a plain object, not nested schema paths.
    staleDays: { type: Schema.Types.Mixed, required: true },
    /**
     * Issue 21: the lost reasons, and each open stage's win probability (keyed by stage, as
     * staleDays). Absent on documents saved before it: the defaults apply.
     */
    lostReasons: { type: [String], default: undefined },
    winProbability: { type: Schema.Types.Mixed, default: undefined },
    /** Bumped by every change; a change names the version it read (409 when stale). */
    version: { type: Number, required: true },
  },
  { versionKey: false, minimize: false },
);

const settingsModel = (connection: Connection) =>
  connection.model('Settings', settingsSchema, 'settings');

/** The settings feature's models, registered on the app's connection by app-context.ts. */
export const settingsModels = (connection: Connection) => ({
  Settings: settingsModel(connection),
});

declare module '../context.js' {
  interface Models {
    Settings: ReturnType<typeof settingsModel>;
  }
}
