import { Schema, type Connection } from 'mongoose';
import { expiringSchema } from '../db/expiring-schema.js';

/**
 * Counters of the public form, one per key and fixed window: `count` until `expiresAt`, then
 * the key starts again from zero. `address:<IPv4 or IPv6 /64>` and `overall` are its limits
 * (lead-rate-limit.ts), `api:<caller>` an API token's leads (issue 36); `confirmation:<email>`
 * the confirmation emails sent to that address (lead-mail.ts, one a day).
 */
const leadCounterSchema = expiringSchema({ count: { type: Number, default: 0 } });
const leadCounterModel = (connection: Connection) =>
  connection.model('LeadCounter', leadCounterSchema);

/**
 * The last website request of an email (`_id` is the email, lower-cased) for the duplicate
 * window: found by key, so the rule reads one document however many requests there are.
 */
const recentLeadSchema = expiringSchema({
  request: { type: Schema.Types.ObjectId, required: true },
});
const recentLeadModel = (connection: Connection) =>
  connection.model('RecentLead', recentLeadSchema);

/** The leads feature's models, registered on the app's connection by app-context.ts. */
export const leadsModels = (connection: Connection) => ({
  LeadCounter: leadCounterModel(connection),
  RecentLead: recentLeadModel(connection),
});

declare module '../context.js' {
  interface Models {
    LeadCounter: ReturnType<typeof leadCounterModel>;
    RecentLead: ReturnType<typeof recentLeadModel>;
  }
}
