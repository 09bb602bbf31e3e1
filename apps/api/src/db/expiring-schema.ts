import { Schema, type SchemaDefinition } from 'mongoose';

/**
 * A record keyed by a string `_id` that lapses at `expiresAt`: MongoDB's TTL index removes it;
 * on servers without TTL indexes (FerretDB 1.x) readers check expiresAt and sweep-expired.ts
 * deletes it.
 */
export function expiringSchema<T extends SchemaDefinition>(fields: T = {} as T) {
  const schema = new Schema(
    { _id: String, ...fields, expiresAt: { type: Date, required: true } },
    { versionKey: false },
  );
  schema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });
  return schema;
}
