import { Schema, type Connection, type InferSchemaType } from 'mongoose';

/*
 * The users' photos (issue 23): each one a 256×256 WebP of a few KB, small enough to live in a
 * plain collection (GridFS pays off only past the 16 MB document limit). `_id` is 22 random
 * base64url characters and is the photo's address (/api/photos/<id>.webp): a new photo gets a
 * new address, so the old one may be cached forever. Kept apart from the user document so the
 * bytes never ride on the sign-in check's read of the user.
 */
const photoSchema = new Schema(
  {
    _id: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true, index: true },
    data: { type: Buffer, required: true },
    createdAt: { type: Date, required: true },
  },
  { versionKey: false },
);

export type PhotoDoc = InferSchemaType<typeof photoSchema>;
const photoModel = (connection: Connection) => connection.model('Photo', photoSchema);

/** The photos' model, registered on the app's connection by app-context.ts. */
export const photoModels = (connection: Connection) => ({ Photo: photoModel(connection) });

declare module '../context.js' {
  interface Models {
    Photo: ReturnType<typeof photoModel>;
  }
}
