import { Schema, type Connection } from 'mongoose';
import { expiringSchema } from '../db/expiring-schema.js';

/**
 * Rate-limit counters of the public form, one per key (`address:<ip>`, `overall`) and fixed
 * window: `count` accepted submissions until `expiresAt`, then the key starts again from zero.
 */
const leadCounterSchema = expiringSchema({ count: { type: Number, default: 0 } });
export const leadCounterModel = (connection: Connection) =>
  connection.model('LeadCounter', leadCounterSchema);

/**
 * The last website request of an email (`_id` is the email, lower-cased) for the duplicate
 * window: found by key, so the rule reads one document however many requests there are.
 */
const recentLeadSchema = expiringSchema({
  request: { type: Schema.Types.ObjectId, required: true },
});
export const recentLeadModel = (connection: Connection) =>
  connection.model('RecentLead', recentLeadSchema);
