import type { AppContext } from '../context.js';

/** Rows per insert: a large demo seeds in a few round trips, none too big for one message. */
const BATCH = 1000;

/**
 * The demo seed's requests (seed/, issue 34: the requests are this feature's data): every
 * request goes, these are stored as they are (numbered by the seed 1…n), in batches of 1,000,
 * and the next request number follows the last of them.
 */
export async function replaceWithDemoRequests(
  ctx: Pick<AppContext, 'models'>,
  requests: readonly object[],
): Promise<void> {
  const { Request, Counter } = ctx.models;
  await Request.deleteMany({});
  for (let start = 0; start < requests.length; start += BATCH) {
    await Request.insertMany(requests.slice(start, start + BATCH), { lean: true });
  }
  await Counter.updateOne(
    { _id: 'requestNumber' },
    { $set: { seq: requests.length } },
    { upsert: true },
  );
}
