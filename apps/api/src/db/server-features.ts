import type { Connection } from 'mongoose';

/*
 * What the connected server can do, asked once per connection. FerretDB 1.x (the CI database
 * here) refuses `$elemMatch` over an array of documents ("unknown operator"), which MongoDB
 * needs to bind several conditions of a multikey index to the same array element.
 */

const elemMatchOnDocuments = new WeakMap<Connection, Promise<boolean>>();

async function askServer(connection: Connection): Promise<boolean> {
  const db = connection.db;
  if (!db) return true;
  const info = await db.admin().command({ buildInfo: 1 });
  return typeof info.ferretdbVersion !== 'string';
}

/** Whether `{ array: { $elemMatch: { field: …, other: … } } }` is understood. */
export function supportsElemMatchOnDocuments(connection: Connection): Promise<boolean> {
  let answer = elemMatchOnDocuments.get(connection);
  if (!answer) {
    answer = askServer(connection);
    // A failed question (the database away) is asked again next time.
    answer.catch(() => elemMatchOnDocuments.delete(connection));
    elemMatchOnDocuments.set(connection, answer);
  }
  return answer;
}
