import { Types } from 'mongoose';
import type { InstantCursor } from '@crm/shared';

/**
 * The filter of the page after an InstantCursor, newest first on `{ <field>: -1, _id: -1 }` (a
 * request's mails, its files): `$lte` gives the index a tight range on the instant, the `$or`
 * settles ties by `_id`, as the board's keyset. Nothing before the first page.
 */
export function afterInstant(field: string, cursor: InstantCursor | undefined) {
  if (!cursor) return {};
  const at = new Date(cursor.at);
  return {
    [field]: { $lte: at },
    $or: [{ [field]: { $lt: at } }, { _id: { $lt: new Types.ObjectId(cursor._id) } }],
  };
}
