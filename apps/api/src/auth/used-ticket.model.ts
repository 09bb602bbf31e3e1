import type { Connection } from 'mongoose';
import { expiringSchema } from '../db/expiring-schema.js';

/**
 * Download tickets already used (issue 32), keyed by the ticket's own id and kept until it would
 * have expired anyway: a ticket works once. The unique `_id` is what makes it so across processes
 * and connections, where a read-then-write would not be (FerretDB 1.x).
 */
const usedTicketSchema = expiringSchema();
export const usedTicketModel = (connection: Connection) =>
  connection.model('UsedTicket', usedTicketSchema);

declare module '../context.js' {
  interface Models {
    UsedTicket: ReturnType<typeof usedTicketModel>;
  }
}
