import { Schema, type Connection } from 'mongoose';

/*
 * One document per user (`_id` their user id, absent until they first change a filter or save a
 * view): the board filters they last left, and their saved views. Apart from the user document so
 * the board's own data never rides on every sign-in check's read of the user.
 *
 * The views are an array on that document, not a collection: a user has at most BOARD_VIEWS_MAX,
 * the menu reads them all at once, and the limit and the unique names are checked on the whole
 * array before one conditional write on `version` (no transactions, no collation, no positional
 * updates: the same code on MongoDB 7 and FerretDB 1.x).
 */

const viewSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    name: { type: String, required: true },
    filters: { type: Schema.Types.Mixed, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false, minimize: false },
);

const boardPrefsSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** The remembered filters, checked by the shared schema before every write; absent: never set. */
    filters: { type: Schema.Types.Mixed, default: undefined },
    views: { type: [viewSchema], default: [] },
    /** Bumped by every change of `views`; a change writes only over the version it read. */
    version: { type: Number, required: true, default: 0 },
  },
  { versionKey: false, minimize: false },
);

const boardPrefsModel = (connection: Connection) =>
  connection.model('BoardPrefs', boardPrefsSchema, 'boardprefs');

/** The board views feature's models, registered on the app's connection by app-context.ts. */
export const boardViewsModels = (connection: Connection) => ({
  BoardPrefs: boardPrefsModel(connection),
});

declare module '../context.js' {
  interface Models {
    BoardPrefs: ReturnType<typeof boardPrefsModel>;
  }
}
